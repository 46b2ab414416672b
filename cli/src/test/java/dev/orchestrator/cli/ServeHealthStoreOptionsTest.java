package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code serve --health-store/--health-namespace/--readyz-ignores-health-store}: bad values are
 * usage errors, never a secret.
 */
class ServeHealthStoreOptionsTest {

  @Test
  void aHealthStoreThatIsNotRedisIsBadUsageWithoutItsPassword() {
    CliRun r = CliRun.of("serve", "--port", "0", "--health-store", "http://fleet:Pa55w0rd@host");

    assertThat(r.code).isEqualTo(OrchestratorCli.EXIT_USAGE);
    assertThat(r.err)
        .contains("health store: http://****@host (expected: redis://")
        .doesNotContain("Pa55w0rd");
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
