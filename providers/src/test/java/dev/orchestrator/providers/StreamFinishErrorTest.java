package dev.orchestrator.providers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.failure.FailureCategory;
import dev.orchestrator.engine.failure.ProviderFailure;
import dev.orchestrator.providers.classify.FailureClassifier;
import dev.orchestrator.providers.classify.FailureEvidence;
import dev.orchestrator.providers.internal.openai.OpenAiWire;
import dev.orchestrator.providers.internal.wire.Decoded;
import dev.orchestrator.providers.internal.wire.StreamAssembler;
import dev.orchestrator.providers.internal.wire.StreamSignal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A gateway stream that ends with an error finish reason (OpenRouter's {@code finish_reason:
 * "error"} when the routed provider fails after the 200) is an in-band error, classified by the
 * same rules as any other failure: by the error object beside it when there is one, else by the
 * finish reason itself.
 */
class StreamFinishErrorTest {

  // OpenRouter's documented mid-stream error chunk
  // (https://openrouter.ai/docs/api-reference/streaming, "Handling Errors During Streaming")
  private static final String OPENROUTER_ERROR_CHUNK =
      "{\"id\":\"cmpl-abc123\",\"object\":\"chat.completion.chunk\",\"created\":1234567890,"
          + "\"model\":\"gpt-3.5-turbo\",\"provider\":\"openai\",\"error\":{\"code\":\"server_error\","
          + "\"message\":\"Provider disconnected unexpectedly\"},\"choices\":[{\"index\":0,"
          + "\"delta\":{\"content\":\"\"},\"finish_reason\":\"error\"}]}";

  @Test
  void anErrorChunkWithAnErrorObjectIsAnInBandServerError() {
    ProviderFailure f = streamEndingWith(OPENROUTER_ERROR_CHUNK);
    assertThat(f.category()).isEqualTo(FailureCategory.SERVER_ERROR);
    assertThat(f.retryable()).isTrue();
    assertThat(f.message()).contains("Provider disconnected unexpectedly");
  }

  @Test
  void anErrorChunkCarryingTheUpstreamsStatusIsClassifiedByThatStatus() {
    String overloaded =
        "{\"error\":{\"code\":503,\"message\":\"upstream overloaded\"},"
            + "\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"error\"}]}";
    ProviderFailure f = streamEndingWith(overloaded);
    assertThat(f.category()).isEqualTo(FailureCategory.OVERLOADED);
    assertThat(f.retryable()).isTrue();
  }

  @Test
  void anErrorFinishWithoutAnErrorObjectIsReadByTheFinishReason() {
    for (String reason :
        new String[] {"error", "network_error", "insufficient_system_resource", "abort"}) {
      ProviderFailure f =
          streamEndingWith(
              "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"" + reason + "\"}]}");
      assertThat(f.category()).as(reason).isEqualTo(FailureCategory.SERVER_ERROR);
      assertThat(f.retryable()).as(reason).isTrue();
    }
  }

  @Test
  void anErrorChunkAfterVisibleTextIsAnInterruptedStream() {
    StreamAssembler a = OpenAiWire.INSTANCE.newAssembler(d -> {}, "m", null);
    assertThat(a.onEvent("message", "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"}}]}"))
        .isTrue();
    assertThat(a.onEvent("message", OPENROUTER_ERROR_CHUNK)).isFalse();
    assertThat(a.signal()).isEqualTo(StreamSignal.IN_BAND_ERROR);
    ProviderFailure f =
        FailureClassifier.INSTANCE.classify(FailureEvidence.inBand(a.errorData(), true));
    assertThat(f.category()).isEqualTo(FailureCategory.STREAM_INTERRUPTED);
  }

  @Test
  void aNonStreamingAnswerWithAnErrorFinishIsAnInBandError() {
    String body =
        "{\"id\":\"gen-1\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
            + "\"content\":\"{\\\"events\\\": [{\\\"title\\\": \\\"partial\"},"
            + "\"finish_reason\":\"error\"}]}";
    Decoded d = OpenAiWire.INSTANCE.decode(body.getBytes(StandardCharsets.UTF_8), "m", null);
    assertThat(d.kind()).isEqualTo(Decoded.Kind.IN_BAND_ERROR);
    ProviderFailure f =
        FailureClassifier.INSTANCE.classify(FailureEvidence.inBand(d.detail(), false));
    assertThat(f.category()).isEqualTo(FailureCategory.SERVER_ERROR);
  }

  @Test
  void aWholeAnswerCutShortByTheServerIsAnInBandErrorNotATruncatedAnswer() {
    for (String reason : new String[] {"insufficient_system_resource", "abort"}) {
      String body =
          "{\"id\":\"d-1\",\"model\":\"deepseek-chat\",\"choices\":[{\"index\":0,"
              + "\"message\":{\"role\":\"assistant\",\"content\":\"The answer is\"},"
              + "\"finish_reason\":\""
              + reason
              + "\"}]}";
      Decoded d = OpenAiWire.INSTANCE.decode(body.getBytes(StandardCharsets.UTF_8), "m", null);
      assertThat(d.kind()).as(reason).isEqualTo(Decoded.Kind.IN_BAND_ERROR);
      ProviderFailure f =
          FailureClassifier.INSTANCE.classify(FailureEvidence.inBand(d.detail(), false));
      assertThat(f.category()).as(reason).isEqualTo(FailureCategory.SERVER_ERROR);
      assertThat(f.retryable()).as(reason).isTrue();
    }
  }

  @Test
  void anOrdinaryFinishIsNotAnError() {
    StreamAssembler a = OpenAiWire.INSTANCE.newAssembler(d -> {}, "m", null);
    assertThat(
            a.onEvent(
                "message", "{\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}"))
        .isTrue();
    assertThat(a.signal()).isEqualTo(StreamSignal.CONTINUE);
  }

  private static ProviderFailure streamEndingWith(String lastChunk) {
    StreamAssembler a = OpenAiWire.INSTANCE.newAssembler(d -> {}, "m", null);
    assertThat(a.onEvent("message", lastChunk)).isFalse();
    assertThat(a.signal()).isEqualTo(StreamSignal.IN_BAND_ERROR);
    return FailureClassifier.INSTANCE.classify(FailureEvidence.inBand(a.errorData(), false));
  }
}
