package dev.orchestrator.providers.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.providers.classify.Classification;
import dev.orchestrator.providers.classify.FailureClassifier;
import dev.orchestrator.providers.classify.FailureEvidence;
import dev.orchestrator.providers.internal.anthropic.AnthropicWire;
import dev.orchestrator.providers.internal.openai.OpenAiWire;
import dev.orchestrator.providers.internal.wire.WireProtocol;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every refusal a strict family stand-in answers for a history it cannot take (the providers' own
 * error bodies, {@link StrictFamilies}) is classified {@code request_invalid} with a repairable
 * cause by rule {@code request.history_shape}; a settled 400 about anything else is not
 * (docs/failure-taxonomy.md).
 */
class HistoryShapeRefusalTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void everyRefusalOfAHistorysShapeIsRepairable() throws Exception {
    int refusals = 0;
    for (Corpus.Conversation c : Corpus.all()) {
      for (String family : StrictFamilies.FAMILIES) {
        StrictFamilies.Refusal r = StrictFamilies.check(family, unadapted(c.request(), family));
        if (r == null) {
          continue;
        }
        refusals++;
        Classification k =
            FailureClassifier.INSTANCE.explain(
                FailureEvidence.http(r.status(), Map.of(), r.body()));
        assertThat(k.failure().category())
            .as(family + ": " + r.body())
            .isEqualTo(FailureCategory.REQUEST_INVALID);
        assertThat(k.failure().repairable()).as(family + ": " + r.body()).isTrue();
        assertThat(k.rule()).isEqualTo("request.history_shape");
      }
    }
    assertThat(refusals).as("the corpus sent unadapted is refused").isGreaterThan(50);
  }

  @Test
  void aSettled400AboutAnythingElseIsNotRepairable() {
    String body =
        "{\"error\":{\"message\":\"max_tokens is too large: 100000. This model supports at most"
            + " 4096 completion tokens.\",\"type\":\"invalid_request_error\"}}";
    Classification k =
        FailureClassifier.INSTANCE.explain(FailureEvidence.http(400, Map.of(), body));

    assertThat(k.failure().category()).isEqualTo(FailureCategory.REQUEST_INVALID);
    assertThat(k.failure().repairable()).isFalse();
  }

  /** {@code r} as the family's wire writes it without adapting its history. */
  private static JsonNode unadapted(ChatRequest r, String family) throws Exception {
    WireProtocol wire = family.equals("anthropic") ? AnthropicWire.INSTANCE : OpenAiWire.INSTANCE;
    return JSON.readTree(wire.encode(r, Route.builder(family, "m").build()));
  }
}
