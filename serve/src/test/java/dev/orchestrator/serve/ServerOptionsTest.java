package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ServerOptionsTest {
  /** Who may bind where: a non-loopback host needs a token unless told to go without. */
  @ParameterizedTest(name = "host {0}, token {1}, tokens file {2}, insecure {3} → starts: {4}")
  @CsvSource(
      textBlock =
          """
          127.0.0.1, false, false, false, true
          localhost, false, false, false, true
          ::1,       false, false, false, true
          0.0.0.0,   false, false, false, false
          0.0.0.0,   true,  false, false, true
          0.0.0.0,   false, true,  false, true
          0.0.0.0,   false, false, true,  true
          10.1.2.3,  false, false, false, false
          """)
  void aNonLoopbackHostNeedsATokenOrAnExplicitOptOut(
      String host, boolean token, boolean tokensFile, boolean insecure, boolean starts) {
    ServerOptions.Builder b =
        ServerOptions.builder()
            .host(host)
            .token(token ? "t0k3n" : null)
            .clients(tokensFile ? List.of(ClientToken.of("a", "x")) : List.of())
            .insecureNoToken(insecure);
    if (starts) {
      assertThat(b.build().host()).isEqualTo(host);
    } else {
      assertThatThrownBy(b::build)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "host: "
                  + host
                  + " is not a loopback address and no bearer token is set (expected: a token —"
                  + " --token, env ORCHESTRATOR_TOKEN or --tokens-file — or --insecure-no-token"
                  + " to serve every interface unauthenticated)");
    }
  }

  @ParameterizedTest
  @CsvSource(
      textBlock =
          """
      9,      'refreshInterval: 9 s (expected: 10..604800 s)'
      604801, 'refreshInterval: 604801 s (expected: 10..604800 s)'
      """)
  void rejectsARefreshIntervalOutOfRange(long seconds, String message) {
    assertThatThrownBy(
            () -> ServerOptions.builder().refreshInterval(java.time.Duration.ofSeconds(seconds)))
        .hasMessage(message);
  }

  @Test
  void boundsTheResponseStoreByDefaultAndRejectsBoundsOutOfRange() {
    ServerOptions o = ServerOptions.defaults();
    assertThat(o.responsesMaxEntries()).isEqualTo(10_000);
    assertThat(o.responsesMaxBytes()).isEqualTo(256L * 1024 * 1024);
    assertThat(o.responsesTtl()).isEqualTo(java.time.Duration.ofHours(1));
    assertThatThrownBy(() -> ServerOptions.builder().responsesMaxEntries(0))
        .hasMessage("responsesMaxEntries: 0 (expected: 1..100000000)");
    assertThatThrownBy(() -> ServerOptions.builder().responsesMaxBytes(1023))
        .hasMessage("responsesMaxBytes: 1023 (expected: 1024..1099511627776)");
    assertThatThrownBy(() -> ServerOptions.builder().responsesTtl(java.time.Duration.ofDays(31)))
        .hasMessage("responsesTtl: 2678400 s (expected: 1..2592000 s)");
  }

  @Test
  void boundsRequestHeadsAndConnectionsByDefaultAndRejectsBoundsOutOfRange() {
    ServerOptions o = ServerOptions.defaults();
    assertThat(o.headTimeout()).isEqualTo(java.time.Duration.ofSeconds(10));
    assertThat(o.maxConnections()).isEqualTo(4096).isGreaterThan(o.threads());
    assertThatThrownBy(() -> ServerOptions.builder().headTimeout(java.time.Duration.ofMillis(99)))
        .hasMessage("headTimeout: 99 ms (expected: 100..3600000 ms)");
    assertThatThrownBy(() -> ServerOptions.builder().headTimeout(java.time.Duration.ofHours(2)))
        .hasMessage("headTimeout: 7200000 ms (expected: 100..3600000 ms)");
    assertThatThrownBy(() -> ServerOptions.builder().maxConnections(0))
        .hasMessage("maxConnections: 0 (expected: 1..1000000)");
  }

  @ParameterizedTest
  @CsvSource(
      textBlock =
          """
      t0k3n, 1
      ,      0
      """)
  void theSingleTokenIsTheDefaultClient(String token, int clients) {
    ServerOptions o = ServerOptions.builder().token(token).build();
    assertThat(o.clients()).hasSize(clients);
    assertThat(o.clients()).allMatch(c -> c.name().equals(ClientToken.DEFAULT_NAME));
    assertThat(o.toString()).doesNotContain("t0k3n");
  }
}
