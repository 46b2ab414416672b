package dev.orchestrator.providers.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.failure.TransportFault;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TransportFaultsTest {

  static Throwable exception(String kind) {
    switch (kind) {
      case "connect":
        return new ConnectException("Connection refused");
      case "connect_timeout":
        return new HttpConnectTimeoutException("HTTP connect timed out");
      case "unresolved":
        return new UnresolvedAddressException();
      case "unknown_host":
        return new UnknownHostException("nowhere.invalid");
      case "ssl":
        return new SSLHandshakeException("handshake");
      case "timeout":
        return new HttpTimeoutException("request timed out");
      case "reset":
        return new SocketException("Connection reset");
      case "eof":
        return new EOFException("EOF reached while reading");
      case "no_bytes":
        return new IOException("HTTP/1.1 header parser received no bytes");
      default:
        return new IOException("something else");
    }
  }

  @ParameterizedTest(name = "{0} (sent={1}) -> {2}")
  @CsvSource(
      textBlock =
          """
          connect,         false, CONNECT_REFUSED
          connect_timeout, false, CONNECT_TIMEOUT
          unresolved,      false, DNS
          unknown_host,    false, DNS
          ssl,             false, TLS
          timeout,         true,  READ_TIMEOUT
          reset,           true,  RESET_BEFORE_RESPONSE
          eof,             true,  EOF_BEFORE_RESPONSE
          no_bytes,        true,  EOF_BEFORE_RESPONSE
          other,           false, RESET_BEFORE_RESPONSE
          other,           true,  RESET_AFTER_REQUEST
          """)
  void mapsEachExceptionWrappedOrNot(String kind, boolean sent, TransportFault expected) {
    Throwable t = exception(kind);
    assertThat(TransportFaults.beforeResponse(t, sent)).isEqualTo(expected);
    assertThat(TransportFaults.beforeResponse(new IOException("wrapper", t), sent))
        .isEqualTo(expected);
  }

  @Test
  void anUnresolvedHostIsDnsEvenInsideTheJdksConnectException() {
    // java.net.http reports an unknown host as ConnectException(ConnectException(
    // UnresolvedAddressException)): the host did not resolve, nothing refused a connection.
    Throwable t =
        new ConnectException()
            .initCause(new ConnectException().initCause(new UnresolvedAddressException()));
    assertThat(TransportFaults.beforeResponse(t, false)).isEqualTo(TransportFault.DNS);
    assertThat(TransportFaults.beforeResponse(new IOException("wrapper", t), true))
        .isEqualTo(TransportFault.DNS);
  }

  @Test
  void aTypedResetDeepInTheChainBeatsTheParsersWords() {
    Throwable t =
        new IOException(
            "HTTP/1.1 header parser received no bytes",
            new IOException("again", new SocketException("Connection reset")));
    assertThat(TransportFaults.beforeResponse(t, true))
        .isEqualTo(TransportFault.RESET_BEFORE_RESPONSE);
  }

  @Test
  void survivesACyclicCauseChain() {
    IOException a = new IOException("a");
    IOException b = new IOException("b", a);
    a.initCause(b);
    assertThat(TransportFaults.beforeResponse(a, true))
        .isEqualTo(TransportFault.RESET_AFTER_REQUEST);
    assertThat(TransportFaults.chain(a)).hasSize(2);
  }

  @Test
  void boundsTheDepthOfTheChain() {
    Throwable t = new ConnectException("deep");
    for (int i = 0; i < 50; i++) {
      t = new IOException("level " + i, t);
    }
    assertThat(TransportFaults.chain(t)).hasSize(TransportFaults.MAX_DEPTH);
    assertThat(TransportFaults.beforeResponse(t, true))
        .isEqualTo(TransportFault.RESET_AFTER_REQUEST);
  }
}
