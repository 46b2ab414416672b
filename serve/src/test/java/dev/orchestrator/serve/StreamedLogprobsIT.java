package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.providers.simulation.Step;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Streamed {@code logprobs} (docs/design.md §9): each upstream chunk's {@code choices[0].logprobs}
 * reaches the client on the chunk of the same delta, through {@code serve} end to end.
 */
class StreamedLogprobsIT {
  private static final String HEL =
      "{\"content\":[{\"token\":\"Hel\",\"logprob\":-0.25,\"bytes\":[72,101,108],"
          + "\"top_logprobs\":[{\"token\":\"Hel\",\"logprob\":-0.25,\"bytes\":[72,101,108]}]}]}";
  private static final String LO =
      "{\"content\":[{\"token\":\"lo\",\"logprob\":-1.5,\"bytes\":[108,111],"
          + "\"top_logprobs\":[{\"token\":\"lo\",\"logprob\":-1.5,\"bytes\":[108,111]}]}]}";

  private static final String STREAMED =
      "data: {\"id\":\"chatcmpl-lp\",\"model\":\"seer\",\"choices\":[{\"index\":0,"
          + "\"delta\":{\"role\":\"assistant\",\"content\":\"Hel\"},\"logprobs\":"
          + HEL
          + ",\"finish_reason\":null}]}\n\n"
          + "data: {\"id\":\"chatcmpl-lp\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"lo\"},"
          + "\"logprobs\":"
          + LO
          + ",\"finish_reason\":null}]}\n\n"
          + "data: {\"id\":\"chatcmpl-lp\",\"choices\":[{\"index\":0,\"delta\":{},"
          + "\"logprobs\":null,\"finish_reason\":\"stop\"}]}\n\n"
          + "data: [DONE]\n\n";

  private static final String REQUEST =
      "{\"model\":\"eye/seer\",\"stream\":true,\"logprobs\":true,\"top_logprobs\":1,"
          + "\"messages\":[{\"role\":\"user\",\"content\":\"Say hello\"}]}";

  @Test
  void eachChunksLogprobsReachTheClientOnTheChunkOfTheirDelta() {
    try (ServeFixture f = WireFidelityIT.seerStreaming(STREAMED)) {
      ServeFixture.Sse s = f.streamBody(REQUEST);

      JsonNode sent = json(f.upstream.received().get(0).body());
      assertThat(sent.path("logprobs").asBoolean()).isTrue();
      assertThat(sent.path("top_logprobs").asInt()).isEqualTo(1);
      List<JsonNode> chunks = s.chunks();
      assertThat(chunks).hasSize(3);
      assertThat(chunks.get(0).at("/choices/0/delta/content").asText()).isEqualTo("Hel");
      assertThat(chunks.get(0).at("/choices/0/logprobs")).isEqualTo(json(HEL));
      assertThat(chunks.get(1).at("/choices/0/delta/content").asText()).isEqualTo("lo");
      assertThat(chunks.get(1).at("/choices/0/logprobs")).isEqualTo(json(LO));
      assertThat(chunks.get(2).at("/choices/0/logprobs").isNull()).isTrue();
      assertThat(s.finishReason()).isEqualTo("stop");
      assertThat(s.last()).isEqualTo("[DONE]");
    }
  }

  @Test
  void logprobsOfAChunkWithoutADeltaGetAnEmptyDeltaOfTheirOwnBeforeTheNext() {
    String sse =
        "data: {\"id\":\"chatcmpl-lp2\",\"choices\":[{\"index\":0,\"delta\":"
            + "{\"role\":\"assistant\"},\"logprobs\":"
            + HEL
            + "}]}\n\n"
            + "data: {\"id\":\"chatcmpl-lp2\",\"choices\":[{\"index\":0,"
            + "\"delta\":{\"content\":\"lo\"},\"logprobs\":"
            + LO
            + "}]}\n\n"
            + "data: {\"id\":\"chatcmpl-lp2\",\"choices\":[{\"index\":0,\"delta\":{},"
            + "\"finish_reason\":\"stop\"}]}\n\n"
            + "data: [DONE]\n\n";
    try (ServeFixture f = WireFidelityIT.seerStreaming(sse)) {
      List<JsonNode> chunks = f.streamBody(REQUEST).chunks();

      assertThat(chunks).hasSize(3);
      assertThat(chunks.get(0).at("/choices/0/delta/role").asText()).isEqualTo("assistant");
      assertThat(chunks.get(0).at("/choices/0/delta").has("content")).isFalse();
      assertThat(chunks.get(0).at("/choices/0/logprobs")).isEqualTo(json(HEL));
      assertThat(chunks.get(1).at("/choices/0/delta").has("role")).isFalse();
      assertThat(chunks.get(1).at("/choices/0/delta/content").asText()).isEqualTo("lo");
      assertThat(chunks.get(1).at("/choices/0/logprobs")).isEqualTo(json(LO));
      assertThat(chunks.get(2).at("/choices/0/finish_reason").asText()).isEqualTo("stop");
    }
  }

  @Test
  void aStreamWithoutLogprobsKeepsThemNull() {
    try (ServeFixture f =
        ServeFixture.start(Map.of("eye/seer", List.of(Step.ok("hi"))), WireFidelityIT::catalog)) {
      List<JsonNode> chunks = f.stream("eye/seer", "").chunks();

      assertThat(chunks).isNotEmpty();
      assertThat(chunks).allSatisfy(c -> assertThat(c.at("/choices/0/logprobs").isNull()).isTrue());
    }
  }
}
