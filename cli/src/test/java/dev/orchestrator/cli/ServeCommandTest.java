package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The command's own validation: it never starts a server on bad input. */
class ServeCommandTest {

  @Test
  void anOutOfRangePortIsBadUsageNamingTheValue() {
    CliRun r = CliRun.of("serve", "--port", "70000");

    assertThat(r.code).isEqualTo(OrchestratorCli.EXIT_USAGE);
    assertThat(r.err).contains("port: 70000 (expected: 0..65535)");
  }

  @Test
  void anUnreadableCatalogIsAnInputError() {
    CliRun r = CliRun.of("serve", "--catalog", "does-not-exist.yaml");

    assertThat(r.code).isEqualTo(OrchestratorCli.EXIT_INPUT);
    assertThat(r.err).contains("does-not-exist.yaml");
  }

  @Test
  void helpListsTheOperationalOptions() {
    CliRun r = CliRun.of("serve", "--help");

    assertThat(r.code).isEqualTo(OrchestratorCli.EXIT_OK);
    assertThat(r.out)
        .contains("--port", "--host", "--token", "--max-body-bytes", "--stream-continuation");
  }
}
