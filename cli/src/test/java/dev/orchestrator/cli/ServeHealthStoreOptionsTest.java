package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code serve --health-store/--health-namespace/--readyz-ignores-health-store}: bad values are
 * usage errors, never a secret.
 */
class ServeHealthStoreOptionsTest {
  @TempDir Path dir;

  @Test
  void aHealthStoreThatIsNotRedisIsBadUsageWithoutItsPassword() {
    CliRun r = CliRun.of("serve", "--port", "0", "--health-store", "http://fleet:Pa55w0rd@host");

    assertThat(r.code).isEqualTo(OrchestratorCli.EXIT_USAGE);
    assertThat(r.err)
        .contains("health store: http://****@host (expected: redis://")
        .doesNotContain("Pa55w0rd");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          redis://fleet:Pa55w0rd@host:abc     | redis://****@host:abc: port 'abc' is not a number from 1 to 65535
          rediss://fleet:Pa55w0rd@host:abc/2  | rediss://****@host:abc/2: port 'abc' is not a number from 1 to 65535
          redis://host:0                      | redis://host:0: port '0' is not a number from 1 to 65535
          redis://host:70000                  | redis://host:70000: port '70000' is not a number from 1 to 65535
          redis://fleet:Pa55w0rd@:6379        | redis://****@:6379: no host
          redis://:Pa55w0rd@/2                | redis://****@/2: no host
          redis://fleet:Pa/55w0rd@host:6379   | redis://****@host:6379: the user information holds '/', '?' or '#' not percent-encoded
          redis://fleet:Pa#55w0rd@host:6379   | redis://****@host:6379: the user information holds '/', '?' or '#' not percent-encoded
          redis://fleet:Pa55w0rd@host:6379/x  | redis://****@host:6379/x: database 'x' is not a number
          """)
  void aMalformedHealthStoreUrlIsBadUsageNamingTheValueWithoutItsPassword(
      String uri, String problem) throws Exception {
    CliRun r;
    // The port is taken: a URL wrongly accepted ends in a failed start (exit 1), never a server.
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      r =
          CliRun.of(
              "serve",
              "--port",
              String.valueOf(taken.getLocalPort()),
              "--no-access-log",
              "--cache-dir",
              dir.toString(),
              "--health-store",
              uri);
    }

    assertThat(r.code).as(r.err).isEqualTo(OrchestratorCli.EXIT_USAGE);
    assertThat(r.err)
        .startsWith("error: --health-store: ")
        .contains(problem.strip())
        .contains("(expected: redis://[user:password@]host:port[/db] or rediss://…)")
        .doesNotContain("Pa55w0rd")
        .doesNotContain("55w0rd");
  }

  @Test
  void aMalformedNamespaceIsBadUsageNamingIt() {
    CliRun r =
        CliRun.of(
            "serve", "--health-store", "redis://127.0.0.1:1", "--health-namespace", "two words");

    assertThat(r.code).isEqualTo(OrchestratorCli.EXIT_USAGE);
    assertThat(r.err).contains("namespace: \"two words\" (expected: 1 to 64 letters");
  }

  @Test
  void aNamespaceWithoutAStoreIsBadUsage() {
    CliRun r = CliRun.of("serve", "--health-namespace", "prod");

    assertThat(r.code).isEqualTo(OrchestratorCli.EXIT_USAGE);
    assertThat(r.err).contains("--health-namespace: prod (expected: together with --health-store)");
  }

  @Test
  void theReadyzOptOutWithoutAStoreIsBadUsage() {
    CliRun r = CliRun.of("serve", "--readyz-ignores-health-store");

    assertThat(r.code).isEqualTo(OrchestratorCli.EXIT_USAGE);
    assertThat(r.err)
        .contains("--readyz-ignores-health-store: no health store (expected: together with");
  }

  @Test
  void helpListsTheFleetOptions() {
    CliRun r = CliRun.of("serve", "--help");

    assertThat(r.out)
        .contains("--health-store", "--health-namespace", "--readyz-ignores-health-store");
  }
}
