package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.orchestrator.providers.internal.http1.Http1Client;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.SocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which HTTP client carries a request: the property's default, and proxied origins. */
class TransportSelectionTest {

  @ParameterizedTest(name = "''{0}''")
  @CsvSource(
      textBlock =
          """
          sockets,   HTTP1_SOCKETS
          ' Sockets', HTTP1_SOCKETS
          '',        HTTP1_SOCKETS
          jdk,       JAVA_NET_HTTP
          JDK,       JAVA_NET_HTTP
          """)
  void readsTheDefaultFromTheProperty(String value, HttpProviderClients.Transport expected) {
    assertThat(HttpProviderClients.Transport.fromProperty(value)).isEqualTo(expected);
  }

  @Test
  void anUnsetPropertyMeansTheSocketClient() {
    assertThat(HttpProviderClients.Transport.fromProperty(null))
        .isEqualTo(HttpProviderClients.Transport.HTTP1_SOCKETS);
  }

  @Test
  void anUnknownValueIsRefusedNamingItAndTheChoices() {
    assertThatThrownBy(() -> HttpProviderClients.Transport.fromProperty("okhttp"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("orchestrator.http.transport: 'okhttp' (expected: jdk or sockets)");
  }

  @Test
  void theBuilderChoiceIsKept() {
    HttpProviderClients c =
        HttpProviderClients.builder()
            .transport(HttpProviderClients.Transport.HTTP1_SOCKETS)
            .build();
    assertThat(c.transport()).isEqualTo(HttpProviderClients.Transport.HTTP1_SOCKETS);
    assertThat(c.toString()).contains("transport=HTTP1_SOCKETS");
  }

  /** What the default proxy selector proxies goes over java.net.http; the rest stays direct. */
  @Test
  void aProxiedOriginGoesOverTheJdkClient() throws Exception {
    Exchange jdk = new JdkExchange(java.net.http.HttpClient.newHttpClient());
    ProxySelector selector =
        new ProxySelector() {
          @Override
          public List<Proxy> select(URI uri) {
            return uri.getHost().equals("proxied.example")
                ? List.of(new Proxy(Proxy.Type.HTTP, new InetSocketAddress("127.0.0.1", 3128)))
                : List.of(Proxy.NO_PROXY);
          }

          @Override
          public void connectFailed(URI uri, SocketAddress sa, IOException ioe) {}
        };
    SocketExchange sockets =
        new SocketExchange(
            new Http1Client(
                Duration.ofSeconds(1), SSLContext.getDefault(), 1024, 1, Duration.ofSeconds(1)),
            jdk,
            () -> selector);

    assertThat(sockets.via(URI.create("https://proxied.example/v1/chat/completions")))
        .isSameAs(jdk);
    assertThat(sockets.via(URI.create("https://direct.example/v1/chat/completions")))
        .isSameAs(sockets);
    assertThat(new SocketExchange(null, jdk, () -> null).via(URI.create("http://a/b")))
        .isNotSameAs(jdk);
  }
}
