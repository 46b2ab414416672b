package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.anthropic.client.AnthropicClient;
import com.anthropic.core.http.StreamResponse;
import com.anthropic.helpers.MessageAccumulator;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.RawMessageStreamEvent;
import com.anthropic.models.messages.StopReason;
import com.openai.client.OpenAIClient;
import com.openai.helpers.ResponseAccumulator;
import com.openai.models.responses.Response;
import com.openai.models.responses.ResponseStreamEvent;
import dev.orchestrator.providers.simulation.Step;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A route's finish reason reaches the Messages and Responses fronts in each protocol's closed list,
 * whole and streamed, read by its meaning (ADR 0055): the words OpenAI-compatible servers send
 * besides OpenAI's own ({@code eos}, {@code model_length}, {@code recitation}…) become the word the
 * SDKs type, and a word no table reads becomes {@code end_turn} / {@code completed} — asserted with
 * the official SDKs, whose {@code known()} throws on a value outside their enum.
 */
class FinishReasonsIT {
  private static final String OPENAI_ROUTE = "alpha/small";

  /** A whole chat completion of {@code Done.} ended with {@code reason}. */
  static String whole(String reason, String toolCall) {
    return """
        {"id":"chatcmpl-f","object":"chat.completion","created":1,"model":"small",
         "choices":[{"index":0,"finish_reason":"%s","message":{"role":"assistant",
           "content":"Done."%s}}],
         "usage":{"prompt_tokens":5,"completion_tokens":2,"total_tokens":7}}"""
        .formatted(reason, toolCall == null ? "" : ",\"tool_calls\":[" + toolCall + "]");
  }

  /** The same streamed: the text, then a chunk with {@code reason} alone. */
  static Step streamed(String reason, String toolCall) {
    String head =
        "data: {\"id\":\"chatcmpl-f\",\"object\":\"chat.completion.chunk\",\"created\":1,"
            + "\"model\":\"small\",\"choices\":[{\"index\":0,\"delta\":";
    String calls =
        toolCall == null
            ? ""
            : ",\"tool_calls\":[" + toolCall.replace("{\"id\"", "{\"index\":0,\"id\"") + "]";
    String sse =
        head
            + "{\"role\":\"assistant\",\"content\":\"Done.\""
            + calls
            + "},\"finish_reason\":null}]}\n\n"
            + head
            + "{},\"finish_reason\":\""
            + reason
            + "\"}]}\n\n"
            + "data: [DONE]\n\n";
    return Step.answer(200, sse).withHeaders(Map.of("Content-Type", "text/event-stream"));
  }

  private static Message[] messages(ServeFixture f, String route) {
    AnthropicClient sdk = MessagesFrontIT.sdk(f);
    MessageCreateParams p =
        MessageCreateParams.builder().model(route).maxTokens(64).addUserMessage("Go").build();
    Message w = sdk.messages().create(p);
    MessageAccumulator acc = MessageAccumulator.create();
    try (StreamResponse<RawMessageStreamEvent> s = sdk.messages().createStreaming(p)) {
      s.stream().forEach(acc::accumulate);
    }
    return new Message[] {w, acc.message()};
  }

  private static Response[] responses(ServeFixture f, String route) {
    OpenAIClient sdk = ResponsesIT.sdk(f);
    Response w = sdk.responses().create(ResponsesIT.ask(route, "Go").build());
    ResponseAccumulator acc = ResponseAccumulator.create();
    try (com.openai.core.http.StreamResponse<ResponseStreamEvent> s =
        sdk.responses().createStreaming(ResponsesIT.ask(route, "Go").build())) {
      s.stream().forEach(acc::accumulate);
    }
    return new Response[] {w, acc.response()};
  }

  @ParameterizedTest(name = "{0} → {1}, {2}")
  @CsvSource(
      textBlock =
          """
          stop,                          END_TURN,                      -
          eos,                           END_TURN,                      -
          eos_token,                     END_TURN,                      -
          length,                        MAX_TOKENS,                    MAX_OUTPUT_TOKENS
          model_length,                  MAX_TOKENS,                    MAX_OUTPUT_TOKENS
          MAX_TOKENS,                    MAX_TOKENS,                    MAX_OUTPUT_TOKENS
          model_context_window_exceeded, MODEL_CONTEXT_WINDOW_EXCEEDED, MAX_OUTPUT_TOKENS
          content_filter,                REFUSAL,                       CONTENT_FILTER
          recitation,                    REFUSAL,                       CONTENT_FILTER
          SAFETY,                        REFUSAL,                       CONTENT_FILTER
          OTHER,                         END_TURN,                      -
          some_new_reason,               END_TURN,                      -
          MALFORMED_FUNCTION_CALL,       END_TURN,                      -
          """)
  void aRoutesFinishReasonIsAWordOfEachProtocolsList(
      String reason, StopReason.Known stop, String incomplete) {
    List<Step> answers =
        List.of(
            Step.answer(200, whole(reason, null)),
            streamed(reason, null),
            Step.answer(200, whole(reason, null)),
            streamed(reason, null));
    try (ServeFixture f =
        ServeFixture.start(Map.of(OPENAI_ROUTE, answers), MessagesFrontIT::catalog)) {
      for (Message m : messages(f, OPENAI_ROUTE)) {
        assertThat(m.stopReason().orElseThrow().known()).isEqualTo(stop);
        assertThat(m.content().get(0).text().orElseThrow().text()).isEqualTo("Done.");
      }
      for (Response r : responses(f, OPENAI_ROUTE)) {
        r.validate(); // every enum value is one the SDK knows
        if (incomplete.equals("-")) {
          assertThat(r.status().orElseThrow().asString()).isEqualTo("completed");
          assertThat(r.incompleteDetails()).isEmpty();
        } else {
          assertThat(r.status().orElseThrow().asString()).isEqualTo("incomplete");
          assertThat(r.incompleteDetails().orElseThrow().reason().orElseThrow().known())
              .isEqualTo(
                  Response.IncompleteDetails.Reason.Known.valueOf(
                      incomplete.toUpperCase(Locale.ROOT)));
        }
      }
    }
  }

  /**
   * A route that calls a tool and says it stopped (as some OpenAI-compatible servers do) ended its
   * turn to call the tool: Anthropic's word for that is {@code tool_use}, which agents loop on.
   */
  @Test
  void anAnswerThatCallsAToolEndsWithToolUseWhateverStopWordTheRouteUsed() {
    String call =
        "{\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"weather\","
            + "\"arguments\":\"{}\"}}";
    List<Step> answers = List.of(Step.answer(200, whole("stop", call)), streamed("eos", call));
    try (ServeFixture f =
        ServeFixture.start(Map.of(OPENAI_ROUTE, answers), MessagesFrontIT::catalog)) {
      for (Message m : messages(f, OPENAI_ROUTE)) {
        assertThat(m.stopReason().orElseThrow().known()).isEqualTo(StopReason.Known.TOOL_USE);
      }
    }
  }

  /**
   * An Anthropic route's own word reaches a Messages client as the route said it, one the table
   * does not read too (a reason newer than this server): it is the client's own protocol.
   */
  @Test
  void anAnthropicRoutesOwnWordReachesAMessagesClientAsItSaidIt() {
    String body =
        """
        {"id":"msg_f","type":"message","role":"assistant","model":"opus",
         "content":[{"type":"text","text":"Done."}],"stop_reason":"%s","stop_sequence":null,
         "usage":{"input_tokens":5,"output_tokens":2}}""";
    List<Step> answers =
        List.of(
            Step.answer(200, body.formatted("a_newer_reason")),
            Step.answer(200, body.formatted("pause_turn")));
    try (ServeFixture f =
        ServeFixture.start(Map.of("claude/opus", answers), MessagesFrontIT::catalog)) {
      AnthropicClient sdk = MessagesFrontIT.sdk(f);
      MessageCreateParams p =
          MessageCreateParams.builder()
              .model("claude/opus")
              .maxTokens(64)
              .addUserMessage("Go")
              .build();
      assertThat(sdk.messages().create(p).stopReason().orElseThrow().asString())
          .isEqualTo("a_newer_reason");
      assertThat(sdk.messages().create(p).stopReason().orElseThrow().known())
          .isEqualTo(StopReason.Known.PAUSE_TURN);
    }
  }
}
