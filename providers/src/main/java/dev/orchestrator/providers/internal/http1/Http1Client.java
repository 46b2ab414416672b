package dev.orchestrator.providers.internal.http1;

import dev.orchestrator.providers.internal.RequestHeaders;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ProtocolException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * A blocking HTTP/1.1 client: {@link #post} writes the request and reads the response head on the
 * calling thread, and the body is read from the socket as the caller reads it. Connections are kept
 * alive per origin in a bounded pool whose idle connections expire; {@code https} goes through the
 * given {@link SSLContext} with hostname verification ({@code HTTPS} endpoint identification) and
 * SNI. Every socket has {@code TCP_NODELAY}.
 *
 * <p>A request that fails on a reused connection before any byte of its response arrived is sent
 * once more on a fresh connection: the server had closed the idle connection (ADR 0025 says why
 * this is safe for a POST). Never after a response byte, never after an abort.
 *
 * <p>No proxy, no HTTP/2, no redirects (callers that need them use {@code java.net.http}).
 * Thread-safe: any number of threads may post at once, each on its own connection.
 */
public final class Http1Client {
  /** Buffer of each connection's input. */
  static final int BUFFER_BYTES = 16 * 1024;

  /** Bodies up to this size are written together with the head, in one write. */
  private static final int COALESCE_BYTES = 64 * 1024;

  private final int connectTimeoutMillis;
  private final SSLSocketFactory tls;
  private final int maxHeadBytes;
  private final ConnectionPool pool;

  /**
   * A client.
   *
   * @param connectTimeout the longest TCP connect
   * @param sslContext the TLS context for {@code https}
   * @param maxHeadBytes the most bytes a response head (status line and headers) may take
   * @param maxIdlePerOrigin the most idle connections kept per origin
   * @param idleTimeout how long an idle connection is kept
   */
  public Http1Client(
      Duration connectTimeout,
      SSLContext sslContext,
      int maxHeadBytes,
      int maxIdlePerOrigin,
      Duration idleTimeout) {
    this(
        connectTimeout,
        sslContext,
        maxHeadBytes,
        maxIdlePerOrigin,
        idleTimeout,
        System::nanoTime,
        true);
  }

  /**
   * A client whose pool reads {@code nanoTime}, with or without the shared reaper (tests on an
   * injected clock run {@link #reapIdle} themselves).
   */
  Http1Client(
      Duration connectTimeout,
      SSLContext sslContext,
      int maxHeadBytes,
      int maxIdlePerOrigin,
      Duration idleTimeout,
      LongSupplier nanoTime,
      boolean reaper) {
    this.connectTimeoutMillis =
        (int) Math.max(1, Math.min(Integer.MAX_VALUE, connectTimeout.toMillis()));
    this.tls = sslContext.getSocketFactory();
    this.maxHeadBytes = maxHeadBytes;
    this.pool = new ConnectionPool(maxIdlePerOrigin, idleTimeout.toNanos(), nanoTime, reaper);
  }

  /** Idle connections held now, over all origins. */
  public int idleConnections() {
    return pool.idleCount();
  }

  /** Closes the idle connections the server closed (what the pool's reaper runs; tests). */
  void reapIdle() {
    pool.reap();
  }

  /** Closes every idle connection; exchanges in flight are not affected. */
  public void closeIdle() {
    pool.closeAll();
  }

  /**
   * POSTs {@code body} to {@code uri} and returns once the response head is in.
   *
   * @param headers the request's headers; {@code Host} and {@code Content-Length} are added
   * @param exchange the abort handle: closing it (from any thread) ends the exchange
   * @param onRequestSent run once the whole request was written
   * @throws IOException a connect, TLS, write or read failure, or a response that is not HTTP/1.1
   *     ({@link ProtocolException}); an {@link HttpConnectTimeoutException} for a connect that
   *     outlasted the connect timeout
   */
  public Http1Response post(
      URI uri, RequestHeaders headers, byte[] body, Http1Exchange exchange, Runnable onRequestSent)
      throws IOException {
    Origin origin = Origin.of(uri);
    byte[] head = head(uri, origin, headers, body.length);
    Connection c = pool.take(origin.key);
    if (c != null) {
      exchange.attach(c);
    }
    for (boolean retried = false; ; retried = true) {
      if (c == null) {
        c = open(origin, exchange);
      }
      c.in.resetReceived();
      try {
        write(c.out, head, body);
        onRequestSent.run();
        ResponseHead h = ResponseHead.read(c.in, maxHeadBytes);
        return new Http1Response(h, body(h, c, exchange));
      } catch (IOException e) {
        exchange.detach(c);
        c.close();
        if (exchange.aborted()) {
          throw e;
        }
        if (!retried && c.reused && c.in.received() == 0 && !(e instanceof ProtocolException)) {
          c = null; // the server closed the idle connection: once more on a fresh one
          continue;
        }
        throw e;
      }
    }
  }

  private ResponseBody body(ResponseHead h, Connection c, Http1Exchange exchange)
      throws ProtocolException {
    boolean keepAlive = h.minor() == 1 && !hasToken(h, "connection", "close");
    List<String> te = h.headers().get("transfer-encoding");
    List<String> cl = h.headers().get("content-length");
    ResponseBody.Framing framing;
    long length = 0;
    if (h.status() == 204 || h.status() == 304 || h.status() < 200) {
      framing = ResponseBody.Framing.NONE;
    } else if (te != null) {
      // RFC 9112 §6.3: chunked last means chunked, whatever Content-Length says; otherwise the
      // body runs to the end of the connection.
      String last = te.get(te.size() - 1);
      int comma = last.lastIndexOf(',');
      String coding = (comma < 0 ? last : last.substring(comma + 1)).strip();
      framing =
          coding.equalsIgnoreCase("chunked")
              ? ResponseBody.Framing.CHUNKED
              : ResponseBody.Framing.UNTIL_CLOSE;
    } else if (cl != null) {
      framing = ResponseBody.Framing.LENGTH;
      length = contentLength(cl);
    } else {
      framing = ResponseBody.Framing.UNTIL_CLOSE;
    }
    return new ResponseBody(c, exchange, pool, framing, length, keepAlive, maxHeadBytes);
  }

  /** The one Content-Length of the values (repeats must agree), checked. */
  static long contentLength(List<String> values) throws ProtocolException {
    long length = -1;
    for (String v : values) {
      for (String part : v.split(",", -1)) {
        String s = part.strip();
        long n = -1;
        if (!s.isEmpty() && s.length() <= 18 && s.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
          n = Long.parseLong(s);
        }
        if (n < 0 || length >= 0 && n != length) {
          throw new ProtocolException(
              "invalid Content-Length: '"
                  + ResponseHead.printable(String.join(", ", values))
                  + "' (expected: one decimal length)");
        }
        length = n;
      }
    }
    return length;
  }

  private static boolean hasToken(ResponseHead h, String name, String token) {
    List<String> values = h.headers().get(name);
    if (values == null) {
      return false;
    }
    for (String v : values) {
      for (String t : v.split(",")) {
        if (t.strip().equalsIgnoreCase(token)) {
          return true;
        }
      }
    }
    return false;
  }

  private Connection open(Origin o, Http1Exchange exchange) throws IOException {
    Socket raw = new Socket();
    exchange.attach(raw);
    InetSocketAddress address = new InetSocketAddress(o.connectHost, o.port);
    if (address.isUnresolved()) {
      raw.close();
      throw new UnknownHostException(o.connectHost);
    }
    try {
      raw.setTcpNoDelay(true);
      raw.connect(address, connectTimeoutMillis);
    } catch (SocketTimeoutException e) {
      raw.close();
      HttpConnectTimeoutException t =
          new HttpConnectTimeoutException(
              "connect to " + o.key + " timed out after " + connectTimeoutMillis + " ms");
      t.initCause(e);
      throw t;
    } catch (IOException e) {
      raw.close();
      throw e;
    }
    Socket s = raw;
    if (o.tls) {
      SSLSocket ssl = (SSLSocket) tls.createSocket(raw, o.connectHost, o.port, true);
      exchange.attach(ssl);
      SSLParameters p = ssl.getSSLParameters();
      p.setEndpointIdentificationAlgorithm("HTTPS");
      p.setApplicationProtocols(new String[] {"http/1.1"});
      if (!o.literal) {
        p.setServerNames(List.of(new SNIHostName(o.connectHost)));
      }
      ssl.setSSLParameters(p);
      try {
        ssl.startHandshake();
      } catch (IOException e) {
        ssl.close();
        throw e;
      }
      s = ssl;
    }
    Connection c = new Connection(o.key, s, raw, BUFFER_BYTES);
    exchange.attach(c);
    return c;
  }

  private static void write(OutputStream out, byte[] head, byte[] body) throws IOException {
    if (body.length <= COALESCE_BYTES) {
      byte[] all = new byte[head.length + body.length];
      System.arraycopy(head, 0, all, 0, head.length);
      System.arraycopy(body, 0, all, head.length, body.length);
      out.write(all);
    } else {
      out.write(head);
      out.write(body);
    }
    out.flush();
  }

  private static byte[] head(URI uri, Origin o, RequestHeaders headers, int length) {
    StringBuilder b = new StringBuilder(512);
    String path = uri.getRawPath();
    b.append("POST ").append(path == null || path.isEmpty() ? "/" : path);
    if (uri.getRawQuery() != null) {
      b.append('?').append(uri.getRawQuery());
    }
    b.append(" HTTP/1.1\r\nHost: ").append(o.hostHeader).append("\r\n");
    headers.forEach((n, v) -> b.append(n).append(": ").append(v).append("\r\n"));
    b.append("Content-Length: ").append(length).append("\r\n\r\n");
    return b.toString().getBytes(StandardCharsets.ISO_8859_1);
  }

  /** Where a request goes: the pool key, the host to connect to and the Host header. */
  private record Origin(
      String key, String connectHost, int port, boolean tls, boolean literal, String hostHeader) {
    static Origin of(URI uri) throws IOException {
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      boolean tls = scheme.equals("https");
      if (!tls && !scheme.equals("http") || uri.getHost() == null) {
        throw new ProtocolException("not an http(s) URL: " + uri);
      }
      String host = uri.getHost();
      int port = uri.getPort() < 0 ? (tls ? 443 : 80) : uri.getPort();
      boolean ipv6 = host.startsWith("[");
      String connect = ipv6 ? host.substring(1, host.length() - 1) : host;
      boolean literal = ipv6 || connect.chars().allMatch(ch -> ch == '.' || ch >= '0' && ch <= '9');
      String hostHeader = uri.getPort() < 0 ? host : host + ":" + port;
      return new Origin(
          scheme + "://" + host + ":" + port, connect, port, tls, literal, hostHeader);
    }
  }
}
