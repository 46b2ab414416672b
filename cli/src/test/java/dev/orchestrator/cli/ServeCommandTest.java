package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command's own validation: it never starts a server on bad input. */
class ServeCommandTest {
  @TempDir Path dir;

  @Test
  void aNonLoopbackHostWithoutATokenRefusesToStartSayingHowToSetOne() {
    CliRun r = CliRun.of("serve", "--host", "0.0.0.0", "--cache-dir", dir.toString());

    assertThat(r.code).isEqualTo(OrchestratorCli.EXIT_USAGE);
    assertThat(r.err)
        .contains("0.0.0.0 is not a loopback address and no bearer token is set")
        .contains("--token", "ORCHESTRATOR_TOKEN", "--tokens-file", "--insecure-no-token");
  }

  @Test
  void aBrokenTokensFileIsAnInputErrorNamingFileLineAndField() throws Exception {
    Path tokens = dir.resolve("tokens.yaml");
    Files.writeString(tokens, "tokens:\n  - name: a\n    token: s3cret\n    budgetUsdPerDay: -2\n");
    CliRun r =
        CliRun.of("serve", "--tokens-file", tokens.toString(), "--cache-dir", dir.toString());

    assertThat(r.code).isEqualTo(OrchestratorCli.EXIT_INPUT);
    assertThat(r.err)
        .contains(tokens + ":4:5: tokens[0].budgetUsdPerDay: -2 is negative")
        .doesNotContain("s3cret");
  }

  @Test
  void aMissingTokensFileIsAnInputErrorNamingIt() {
    Path absent = dir.resolve("absent.yaml");
    CliRun r =
        CliRun.of("serve", "--tokens-file", absent.toString(), "--cache-dir", dir.toString());

    assertThat(r.code).isEqualTo(OrchestratorCli.EXIT_INPUT);
    assertThat(r.err).contains(absent + ": no such file");
  }

  @Test
  void aSourceThatCannotBeReadWithNoCachedCopyIsAnInputError() {
    Path missing = dir.resolve("no-such-source.yaml");
    CliRun r =
        CliRun.of(
            "serve", "--source", missing.toString(), "--cache-dir", dir.resolve("c").toString());

    assertThat(r.code).isEqualTo(OrchestratorCli.EXIT_INPUT);
    assertThat(r.err).contains(missing + ": no such file").contains("no cached copy under");
  }

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
        .contains("--port", "--host", "--token", "--max-body-bytes", "--stream-continuation")
        .contains(
            "--source",
            "--refresh-interval-s",
            "--cache-dir",
            "--tokens-file",
            "--insecure-no-token",
            "--max-catalog-age-s")
        .contains("--responses-max-entries", "--responses-max-bytes", "--responses-ttl-s");
  }

  @Test
  void anOutOfRangeResponsesBoundIsBadUsageNamingTheValue() {
    CliRun r = CliRun.of("serve", "--responses-ttl-s", "0", "--cache-dir", dir.toString());

    assertThat(r.code).isEqualTo(OrchestratorCli.EXIT_USAGE);
    assertThat(r.err).contains("--responses-ttl-s: 0 s (expected: 1..2592000 s)");
  }

  @Test
  void aValueOutOfRangeNamesTheOptionAndTheValueAsWritten() {
    String[][] cases = {
      {"--session-ttl-s", "-5", "--session-ttl-s: -5 (expected: >= 0)"},
      {"--max-catalog-age-s", "-5", "--max-catalog-age-s: -5 (expected: > 0"},
      {"--max-body-bytes", "10", "--max-body-bytes: 10 (expected: 1024..268435456)"},
      {"--threads", "0", "--threads: 0 (expected: 1..4096)"},
      {"--refresh-interval-s", "-1", "--refresh-interval-s: -1 s (expected: 10..604800 s)"},
      {"--deadline-ms", "0", "--deadline-ms: 0 ms (expected: > 0 ms)"},
      {"--shutdown-grace-ms", "-1", "--shutdown-grace-ms: -1 ms (expected: 0..600000 ms)"},
    };
    for (String[] c : cases) {
      CliRun r = CliRun.of("serve", c[0], c[1], "--cache-dir", dir.toString());

      assertThat(r.code).as(c[0]).isEqualTo(OrchestratorCli.EXIT_USAGE);
      assertThat(r.err).as(c[0]).startsWith("error: " + c[2]);
    }
  }
}
