package dev.orchestrator.serve;

import static dev.orchestrator.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.providers.simulation.Step;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Answers larger than one write slice (64 KiB, issue #30 finding 7) arrive whole and unchanged,
 * plain and streamed.
 */
class LargeAnswersIT {
  private static final String BIG = "0123456789abcdef".repeat(20_000); // 320,000 characters

  @Test
  void aWholeAnswerOfManySlicesArrivesUnchanged() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.ok(BIG))), ServeFixture.generousPolicy(), o -> {})) {
      HttpResponse<String> r = f.chat("alpha/small");
      assertThat(r.statusCode()).isEqualTo(200);
      assertThat(json(r.body()).at("/choices/0/message/content").asText()).isEqualTo(BIG);
      assertThat(r.headers().firstValueAsLong("content-length")).hasValue(r.body().length());
    }
  }

  @Test
  void aStreamedAnswerOfManySlicesArrivesUnchanged() {
    try (ServeFixture f =
        ServeFixture.start(
            Map.of("alpha/small", List.of(Step.ok(BIG))), ServeFixture.generousPolicy(), o -> {})) {
      StringBuilder text = new StringBuilder();
      for (String d : f.stream("alpha/small", "").data) {
        if (!d.equals("[DONE]")) {
          text.append(json(d).at("/choices/0/delta/content").asText(""));
        }
      }
      assertThat(text.toString()).isEqualTo(BIG);
    }
  }
}
