package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.providers.simulation.Fault;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code orchestrator chat} against a loopback upstream, through a keyless own-config catalog. */
class ChatCommandIT {

  private static Path catalog(Path dir, ScriptedUpstream up) throws Exception {
    Path cfg = dir.resolve("local.yaml");
    CliRun.write(
        cfg,
        "providers:",
        "  loc:",
        "    baseUrl: " + up.baseUrl("loc"),
        "    protocol: openai-chat",
        "routes:",
        "  loc/primary: {tier: free, contextWindow: 32000}",
        "  loc/backup: {tier: free, contextWindow: 32000}",
        "pools:",
        "  local: {kind: virtual, routes: [loc/primary, loc/backup]}",
        "");
    return cfg;
  }

  @Test
  void answersThroughTheOrchestratorAndTracesTheFailover(@TempDir Path dir) throws Exception {
    try (ScriptedUpstream up =
        ScriptedUpstream.start(
            Map.of(
                "loc/primary", List.of(Step.answer(503, "{\"error\":{\"message\":\"down\"}}")),
                "loc/backup", List.of(Step.ok("hello from backup"))))) {
      CliRun r =
          CliRun.of(
              "chat",
              "local",
              "--message",
              "hi",
              "--catalog",
              catalog(dir, up).toString(),
              "--trace",
              "--json");
      assertThat(r.code).as(r.err).isZero();
      JsonNode doc = r.json();
      assertThat(doc.get("route").asText()).isEqualTo("loc/backup");
      assertThat(doc.get("content").asText()).isEqualTo("hello from backup");
      assertThat(doc.get("attempts")).hasSize(3);
      // Fields in the documented order on every run (Map.of's order changes from JVM to JVM).
      assertThat(r.out).containsPattern("\"usage\":\\{\"promptTokens\":\\d+,\"completionTokens\":");
      assertThat(r.err)
          .contains("loc/primary #1")
          .contains("retry_same_route")
          .contains("served by loc/backup");
    }
  }

  @Test
  void aPoolMemberWithoutItsKeyIsNamedInTheTraceAndTheError(@TempDir Path dir) throws Exception {
    try (ScriptedUpstream up =
        ScriptedUpstream.start(
            Map.of(
                "loc/primary", List.of(Step.answer(503, "{\"error\":{\"message\":\"down\"}}"))))) {
      Path cfg = dir.resolve("keyless.yaml");
      CliRun.write(
          cfg,
          "providers:",
          "  loc:",
          "    baseUrl: " + up.baseUrl("loc"),
          "    protocol: openai-chat",
          "  far:",
          "    baseUrl: " + up.baseUrl("far"),
          "    protocol: openai-chat",
          "    apiKeyEnv: [ORCHESTRATOR_TEST_UNSET_FAR_KEY]",
          "routes:",
          "  loc/primary: {tier: free, contextWindow: 32000}",
          "  far/backup: {tier: free, contextWindow: 32000}",
          "pools:",
          "  local: {kind: virtual, routes: [loc/primary, far/backup]}",
          "");
      CliRun r =
          CliRun.of("chat", "local", "--message", "hi", "--catalog", cfg.toString(), "--trace");
      assertThat(r.code).isNotZero();
      assertThat(r.err)
          .contains("plan: group (1 candidates, 1 left out without a key)")
          .contains("left out without a key: far/backup (set ORCHESTRATOR_TEST_UNSET_FAR_KEY)")
          .contains("1 route was left out without a key: set ORCHESTRATOR_TEST_UNSET_FAR_KEY");
    }
  }

  /** {@code chat loc/primary --stream} against {@code up}. */
  private static CliRun streamChat(Path dir, ScriptedUpstream up) throws Exception {
    return CliRun.of(
        "chat",
        "loc/primary",
        "--message",
        "hi",
        "--stream",
        "--catalog",
        catalog(dir, up).toString());
  }

  @Test
  void streamsDeltasToStdout(@TempDir Path dir) throws Exception {
    try (ScriptedUpstream up =
        ScriptedUpstream.start(Map.of("loc/primary", List.of(Step.ok("streamed words arrive"))))) {
      CliRun r = streamChat(dir, up);
      assertThat(r.code).as(r.err).isZero();
      assertThat(r.out).isEqualTo("streamed words arrive" + System.lineSeparator());
    }
  }

  @Test
  void aStreamCutAfterOutputEndsItsLineAndExitsOne(@TempDir Path dir) throws Exception {
    try (ScriptedUpstream up =
        ScriptedUpstream.start(
            Map.of(
                "loc/primary",
                List.of(Step.fault(Fault.STREAM_CUT).withContent("a long answer cut in half"))))) {
      CliRun r = streamChat(dir, up);
      assertThat(r.code).isEqualTo(1);
      assertThat(r.out).isNotBlank().endsWith(System.lineSeparator());
      assertThat(r.err).contains("stream_interrupted");
    }
  }

  @Test
  void failureExitsOneWithTheTypedError(@TempDir Path dir) throws Exception {
    try (ScriptedUpstream up =
        ScriptedUpstream.start(
            Map.of(
                "loc/primary",
                List.of(Step.answer(400, "{\"error\":{\"message\":\"bad request shape\"}}"))))) {
      CliRun r =
          CliRun.of(
              "chat", "loc/primary", "--message", "hi", "--catalog", catalog(dir, up).toString());
      assertThat(r.code).isEqualTo(1);
      assertThat(r.err).contains("request_rejected").contains("bad request shape");
    }
  }
}
