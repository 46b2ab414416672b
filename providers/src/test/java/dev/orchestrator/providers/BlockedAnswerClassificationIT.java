package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.engine.spi.AttemptOutcome;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.classify.FailureClassifier;
import dev.orchestrator.providers.classify.FailureEvidence;
import dev.orchestrator.providers.simulation.AnthropicSse;
import dev.orchestrator.providers.simulation.ScriptedUpstream;
import dev.orchestrator.providers.simulation.Step;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A 2xx whose only outcome is a block or refusal reaches the classifier with that reason and is
 * {@code content_filtered}, not an empty answer to retry elsewhere (docs/design.md §4, ADR 0003); a
 * 2xx that simply ended empty stays {@code empty_response}. Real HTTP on loopback.
 */
class BlockedAnswerClassificationIT {
  private static final Map<String, String> SSE = Map.of("Content-Type", "text/event-stream");

  final List<FailureEvidence> evidence = Collections.synchronizedList(new ArrayList<>());
  final HttpProviderClients clients =
      HttpProviderClients.builder()
          .credentials(Credentials.of(Map.of(Fixtures.KEY_ENV, Fixtures.SECRET)))
          .classifier(
              e -> {
                evidence.add(e);
                return FailureClassifier.INSTANCE.classify(e);
              })
          .build();

  @Test
  void anOpenAiStreamEndingOnlyInContentFilterIsContentFiltered() {
    String sse =
        "data: {\"id\":\"c1\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\"},"
            + "\"finish_reason\":null}]}\n\n"
            + "data: {\"id\":\"c1\",\"choices\":[{\"index\":0,\"delta\":{},"
            + "\"finish_reason\":\"content_filter\"}]}\n\n"
            + "data: [DONE]\n\n";

    ProviderFailure f = failure(Protocol.OPENAI_CHAT, true, Step.answer(200, sse).withHeaders(SSE));

    assertThat(f.category()).isEqualTo(FailureCategory.CONTENT_FILTERED);
    assertThat(f.retryable()).isFalse();
    assertThat(evidence)
        .singleElement()
        .satisfies(e -> assertThat(e.body()).contains("content_filter"));
  }

  @Test
  void anAnthropicStreamWhoseStopReasonIsRefusalIsContentFiltered() {
    String sse =
        AnthropicSse.start("msg_1", "m", "{\"input_tokens\":9,\"output_tokens\":0}")
            .end("refusal", 0);

    ProviderFailure f =
        failure(Protocol.ANTHROPIC_MESSAGES, true, Step.answer(200, sse).withHeaders(SSE));

    assertThat(f.category()).isEqualTo(FailureCategory.CONTENT_FILTERED);
    assertThat(f.retryable()).isFalse();
  }

  @Test
  void aWholeAnthropicRefusalWithNoContentIsContentFiltered() {
    String body =
        "{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"m\","
            + "\"content\":[],\"stop_reason\":\"refusal\",\"stop_sequence\":null,"
            + "\"usage\":{\"input_tokens\":9,\"output_tokens\":0}}";

    ProviderFailure f = failure(Protocol.ANTHROPIC_MESSAGES, false, Step.answer(200, body));

    assertThat(f.category()).isEqualTo(FailureCategory.CONTENT_FILTERED);
  }

  @Test
  void aStreamThatEndsEmptyForAnyOtherReasonStaysAnEmptyResponse() {
    String sse =
        "data: {\"id\":\"c1\",\"choices\":[{\"index\":0,\"delta\":{},"
            + "\"finish_reason\":\"stop\"}]}\n\n"
            + "data: [DONE]\n\n";

    ProviderFailure f = failure(Protocol.OPENAI_CHAT, true, Step.answer(200, sse).withHeaders(SSE));

    assertThat(f.category()).isEqualTo(FailureCategory.EMPTY_RESPONSE);
    assertThat(f.retryable()).isTrue();
  }

  private ProviderFailure failure(Protocol protocol, boolean stream, Step step) {
    try (ScriptedUpstream upstream = ScriptedUpstream.start(Map.of("p/m", List.of(step)))) {
      Provider p = Fixtures.provider("p", upstream.baseUrl("p"), protocol);
      AttemptOutcome out =
          clients.clientFor(p).send(Fixtures.call(p, "m", stream, Fixtures.easyLimits(), null));
      assertThat(out).isInstanceOf(AttemptOutcome.Failed.class);
      return ((AttemptOutcome.Failed) out).failure();
    }
  }
}
