package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
  void anAllowListEntryNamingNoModelIsAnInputErrorWithCloseMatches() throws Exception {
    Path tokens = dir.resolve("tokens.yaml");
    Files.writeString(
        tokens,
        "tokens:\n"
            + "  - name: a\n"
            + "    token: s3cret\n"
            + "    models: [\"orchestrator/*\", \"orchestrator/fre\"]\n");
    CliRun r;
    // The port is taken: a file wrongly accepted ends in a failed start (exit 1), never a server.
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      r =
          CliRun.of(
              "serve",
              "--port",
              String.valueOf(taken.getLocalPort()),
              "--tokens-file",
              tokens.toString(),
              "--cache-dir",
              dir.toString());
    }

    assertThat(r.code).as(r.err).isEqualTo(OrchestratorCli.EXIT_INPUT);
    assertThat(r.err)
        .contains(
            tokens
                + ":4:32: tokens[0].models[1]: 'orchestrator/fre' names no virtual model, pool or"
                + " route of the catalog (close matches: orchestrator/free")
        .doesNotContain("s3cret");
  }

  @Test
  void aGlobMatchingNoModelIsAnInputError() throws Exception {
    Path tokens = dir.resolve("tokens.yaml");
    Files.writeString(
        tokens, "tokens:\n  - name: a\n    token: s3cret\n    models: orchestrtor/*\n");
    CliRun r;
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      r =
          CliRun.of(
              "serve",
              "--port",
              String.valueOf(taken.getLocalPort()),
              "--tokens-file",
              tokens.toString(),
              "--cache-dir",
              dir.toString());
    }

    assertThat(r.code).as(r.err).isEqualTo(OrchestratorCli.EXIT_INPUT);
    assertThat(r.err)
        .contains(
            tokens
                + ":4:5: tokens[0].models: 'orchestrtor/*' matches no virtual model, pool or"
                + " route of the catalog (close matches: orchestrator/");
  }

  @Test
  void withALiveSourceAnUnknownAllowListEntryIsAWarningSinceARefreshMayBringIt() throws Exception {
    Path source = dir.resolve("source.yaml");
    Files.writeString(
        source,
        "providers:\n"
            + "  acme: {baseUrl: \"https://api.acme.test/v1\", apiKeyEnv: [ACME_API_KEY]}\n"
            + "routes:\n"
            + "  \"acme/fast-1\": {tier: free, contextWindow: 8000}\n");
    Path tokens = dir.resolve("tokens.yaml");
    Files.writeString(
        tokens,
        "tokens:\n  - name: a\n    token: s3cret\n    models: [\"acme/fast-2\", \"acme/fast-1\"]\n");
    ServeCommand command = new ServeCommand();
    new picocli.CommandLine(command)
        .parseArgs(
            "--port",
            "0",
            "--no-access-log",
            "--cache-dir",
            dir.toString(),
            "--source",
            source.toString(),
            "--tokens-file",
            tokens.toString());
    StringWriter err = new StringWriter();

    try (ServeCommand.Running running = command.start(new PrintWriter(err))) {
      assertThat(running.server().baseUrl()).startsWith("http://127.0.0.1:");
    }

    assertThat(err.toString())
        .contains(
            "warning: "
                + tokens
                + ":4:14: tokens[0].models[0]: 'acme/fast-2' names no virtual model, pool or route"
                + " of the catalog (close matches: acme/fast-1)")
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

  /**
   * {@code --token "$UNSET_VARIABLE"} gives an empty token: serving then would answer anyone, so it
   * is bad usage, as an empty {@code tokens: []} is an input error.
   */
  @Test
  void aBlankTokenIsBadUsageRatherThanAnUnguardedServer() {
    for (String blank : List.of("", "  ")) {
      // start(), not CliRun: before the fix the server started and would have served for good.
      assertThatThrownBy(
              () -> {
                try (ServeCommand.Running unguarded =
                    serve("--token", blank, "--cache-dir", dir.toString())) {
                  assertThat(unguarded.server().baseUrl()).isNull();
                }
              })
          .isInstanceOfSatisfying(
              CliException.class,
              e -> assertThat(e.exitCode()).isEqualTo(OrchestratorCli.EXIT_USAGE))
          .hasMessageStartingWith("--token: empty")
          .hasMessageContaining("leave out --token");
    }
  }

  /**
   * {@code --token}'s client is named {@code default} and budgets, metrics and the access log count
   * by name: a tokens file that names a client {@code default}, or holds the same token, beside it
   * would merge two clients into one (the file alone refuses both).
   */
  @Test
  void aTokenClashingWithTheTokensFileIsBadUsage() throws Exception {
    Path named = dir.resolve("named.yaml");
    Files.writeString(named, "tokens:\n  - name: default\n    token: other-token\n");
    Path same = dir.resolve("same.yaml");
    Files.writeString(same, "tokens:\n  - name: team-a\n    token: cli-token\n");
    for (Path file : List.of(named, same)) {
      assertThatThrownBy(
              () -> {
                try (ServeCommand.Running merged =
                    serve(
                        "--token",
                        "cli-token",
                        "--tokens-file",
                        file.toString(),
                        "--cache-dir",
                        dir.toString())) {
                  assertThat(merged.server().baseUrl()).isNull();
                }
              })
          .isInstanceOfSatisfying(
              CliException.class,
              e -> assertThat(e.exitCode()).isEqualTo(OrchestratorCli.EXIT_USAGE))
          .hasMessageStartingWith("--token: ")
          .hasMessageContaining(file.toString())
          .hasMessageNotContaining("cli-token");
    }
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
        .contains("--threads", "--max-connections", "--head-timeout-ms")
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
      {"--max-connections", "0", "--max-connections: 0 (expected: 1..1000000)"},
      {"--head-timeout-ms", "50", "--head-timeout-ms: 50 ms (expected: 100..3600000 ms)"},
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

  /**
   * A catalog with no source is never refreshed: a maximum age would only take the replica out of
   * its load balancer for good once it had run that long.
   */
  @Test
  void aMaximumCatalogAgeWithoutASourceIsBadUsage() {
    CliRun r = CliRun.of("serve", "--max-catalog-age-s", "60", "--cache-dir", dir.toString());

    assertThat(r.code).isEqualTo(OrchestratorCli.EXIT_USAGE);
    assertThat(r.err).startsWith("error: --max-catalog-age-s: needs a --source");
  }

  /**
   * Two processes counting budgets in one cache directory would overwrite each other's spend: the
   * second refuses to start, naming the directory and the way out; a server without budgets writes
   * no spend and starts beside it.
   */
  @Test
  void aSecondServeCountingBudgetsInOneCacheDirRefusesToStartNamingIt() throws Exception {
    Path tokens = dir.resolve("tokens.yaml");
    Files.writeString(tokens, "tokens:\n  - name: a\n    token: s3cret\n    budgetUsdPerDay: 1\n");
    Path cache = dir.resolve("cache");
    try (ServeCommand.Running first =
        serve("--cache-dir", cache.toString(), "--tokens-file", tokens.toString())) {
      assertThat(first.server().baseUrl()).startsWith("http://127.0.0.1:");
      assertThatThrownBy(
              () -> serve("--cache-dir", cache.toString(), "--tokens-file", tokens.toString()))
          .isInstanceOfSatisfying(
              CliException.class,
              e -> assertThat(e.exitCode()).isEqualTo(OrchestratorCli.EXIT_ERROR))
          .hasMessageContaining(cache.toString())
          .hasMessageContaining("another")
          .hasMessageContaining("--cache-dir");
      try (ServeCommand.Running unbudgeted = serve("--cache-dir", cache.toString())) {
        assertThat(unbudgeted.server().baseUrl()).startsWith("http://127.0.0.1:");
      }
    }
    // Released when the first stops: a restart on the same directory starts.
    try (ServeCommand.Running restarted =
        serve("--cache-dir", cache.toString(), "--tokens-file", tokens.toString())) {
      assertThat(restarted.server().baseUrl()).startsWith("http://127.0.0.1:");
    }
  }

  private static ServeCommand.Running serve(String... args) {
    ServeCommand command = new ServeCommand();
    List<String> all = new ArrayList<>(List.of("--port", "0", "--no-access-log"));
    all.addAll(List.of(args));
    new picocli.CommandLine(command).parseArgs(all.toArray(String[]::new));
    return command.start(new PrintWriter(new StringWriter()));
  }
}
