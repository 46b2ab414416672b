package dev.orchestrator.providers.internal.transport;

import dev.orchestrator.engine.failure.TransportFault;
import java.io.EOFException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.UnresolvedAddressException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.net.ssl.SSLException;

/**
 * Maps an exception raised before any response byte to its {@link TransportFault}, by exception
 * type along the cause chain (bounded depth, cycle-safe). Specific causes anywhere in the chain win
 * over generic ones: the JDK wraps a {@link ConnectException} in a plain {@code IOException}.
 */
final class TransportFaults {
  /** How deep the cause chain is followed. */
  static final int MAX_DEPTH = 16;

  private TransportFaults() {}

  /**
   * The fault for a failure before any response byte.
   *
   * @param t what the HTTP client raised
   * @param requestSent whether the request body had been handed to the connection
   */
  static TransportFault beforeResponse(Throwable t, boolean requestSent) {
    List<Throwable> chain = chain(t);
    // java.net.http wraps an unknown host in ConnectException: the cause decides, not the wrapper.
    for (Throwable c : chain) {
      if (c instanceof UnresolvedAddressException || c instanceof UnknownHostException) {
        return TransportFault.DNS;
      }
    }
    for (Throwable c : chain) {
      if (c instanceof HttpConnectTimeoutException) {
        return TransportFault.CONNECT_TIMEOUT;
      }
      if (c instanceof ConnectException || c instanceof NoRouteToHostException) {
        return TransportFault.CONNECT_REFUSED;
      }
      if (c instanceof SSLException) {
        return TransportFault.TLS;
      }
      if (c instanceof HttpTimeoutException) {
        return TransportFault.READ_TIMEOUT;
      }
    }
    for (Throwable c : chain) {
      if (c instanceof SocketException) {
        return TransportFault.RESET_BEFORE_RESPONSE;
      }
      if (c instanceof EOFException || c instanceof ClosedChannelException) {
        return TransportFault.EOF_BEFORE_RESPONSE;
      }
    }
    for (Throwable c : chain) {
      String m = c.getMessage() == null ? "" : c.getMessage().toLowerCase(Locale.ROOT);
      // The JDK's HTTP/1.1 parser reports a peer that closed without answering only in words.
      if (m.contains("received no bytes") || m.contains("eof reached")) {
        return TransportFault.EOF_BEFORE_RESPONSE;
      }
      if (m.contains("connection reset")) {
        return TransportFault.RESET_BEFORE_RESPONSE;
      }
    }
    return requestSent ? TransportFault.RESET_AFTER_REQUEST : TransportFault.RESET_BEFORE_RESPONSE;
  }

  /** The cause chain from {@code t}, at most {@link #MAX_DEPTH} long, each throwable once. */
  static List<Throwable> chain(Throwable t) {
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    List<Throwable> out = new ArrayList<>();
    for (Throwable c = t; c != null && out.size() < MAX_DEPTH && seen.add(c); c = c.getCause()) {
      out.add(c);
    }
    return out;
  }

  /** One line describing {@code t} for a failure message: the innermost informative cause. */
  static String describe(Throwable t) {
    List<Throwable> chain = chain(t);
    Throwable last = chain.isEmpty() ? t : chain.get(chain.size() - 1);
    String m = last == null ? null : last.getMessage();
    String name = last == null ? "unknown" : last.getClass().getSimpleName();
    String s = m == null || m.isBlank() ? name : name + ": " + m;
    return s.length() > 300 ? s.substring(0, 300) : s;
  }
}
