package dev.orchestrator.serve.responses;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.Usage;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The Response object a whole answer becomes (docs/reference.md, "OpenAI Responses"). */
class ResponseObjectTest {
  static ChatResponse answer(
      String content, List<ToolCall> calls, String finish, String reasoning, String refusal) {
    return ChatResponse.builder("m")
        .content(content)
        .toolCalls(calls)
        .finishReason(finish)
        .usage(new Usage(120, 30, 150, 64, 12, null))
        .id("chatcmpl-1")
        .reasoningContent(reasoning)
        .refusal(refusal)
        .build();
  }

  static ObjectNode echo() {
    return ResponsesRequest.parse(
            "{\"model\":\"m/x\",\"input\":\"Hi\",\"instructions\":\"Be brief.\",\"metadata\":{\"k\":\"v\"}}"
                .getBytes(StandardCharsets.UTF_8),
            previous -> List.of())
        .echo();
  }

  @Test
  void writesReasoningMessageAndCallsAsOutputItemsInThatOrder() {
    ChatResponse r =
        answer(
            "Checking.",
            List.of(new ToolCall("call_1", "f", "{\"x\":1}"), new ToolCall(null, "g", "{}")),
            "tool_calls",
            "Think.",
            null);
    List<OutputItem> out = ResponseObject.output(r, false);
    assertThat(out).hasSize(4);
    assertThat(out.get(0)).isInstanceOf(OutputItem.Reasoning.class);
    assertThat(out.get(0).id()).startsWith("rs_");
    assertThat(out.get(1).id()).startsWith("msg_");
    assertThat(((OutputItem.Message) out.get(1)).text()).isEqualTo("Checking.");
    OutputItem.FunctionCall f = (OutputItem.FunctionCall) out.get(2);
    assertThat(f.id()).startsWith("fc_");
    assertThat(f.callId()).isEqualTo("call_1");
    assertThat(f.arguments()).isEqualTo("{\"x\":1}");
    assertThat(((OutputItem.FunctionCall) out.get(3)).callId()).startsWith("call_");
    JsonNode fc = f.json();
    assertThat(fc.get("type").asText()).isEqualTo("function_call");
    assertThat(fc.get("status").asText()).isEqualTo("completed");
    JsonNode rs = out.get(0).json();
    assertThat(rs.get("summary").get(0).get("type").asText()).isEqualTo("summary_text");
    assertThat(rs.get("summary").get(0).get("text").asText()).isEqualTo("Think.");
    JsonNode msg = out.get(1).json();
    assertThat(msg.get("role").asText()).isEqualTo("assistant");
    assertThat(msg.get("content").get(0).get("type").asText()).isEqualTo("output_text");
    assertThat(msg.get("content").get(0).get("annotations")).isEmpty();
  }

  @Test
  void writesOnlyCallsWhenTheAnswerIsCallsAndARefusalAsItsOwnPart() {
    assertThat(
            ResponseObject.output(
                answer("", List.of(new ToolCall("c", "f", "{}")), null, null, null), false))
        .hasSize(1)
        .allMatch(i -> i instanceof OutputItem.FunctionCall);
    List<OutputItem> refused =
        ResponseObject.output(answer("", List.of(), "stop", null, "No."), false);
    JsonNode content = refused.get(0).json().get("content");
    assertThat(content).hasSize(1);
    assertThat(content.get(0).get("type").asText()).isEqualTo("refusal");
    assertThat(content.get(0).get("refusal").asText()).isEqualTo("No.");
    List<OutputItem> empty =
        ResponseObject.output(answer("", List.of(), "stop", null, null), false);
    assertThat(empty.get(0).json().get("content").get(0).get("text").asText()).isEmpty();
  }

  @ParameterizedTest(name = "finish reason {0} is status {1}")
  @CsvSource(
      nullValues = "null",
      textBlock =
          """
          stop,           completed,  null
          tool_calls,     completed,  null
          null,           completed,  null
          length,         incomplete, max_output_tokens
          content_filter, incomplete, content_filter
          """)
  void mapsTheFinishReasonToTheStatus(String finish, String status, String reason) {
    ChatResponse r = answer("x", List.of(), finish, null, null);
    assertThat(ResponseObject.incompleteReason(r)).isEqualTo(reason);
    ObjectNode o =
        ResponseObject.of(
            "resp_1",
            7,
            ResponseObject.status(reason),
            "a/b",
            echo(),
            ResponseObject.output(r, false),
            r.usage(),
            BigDecimal.ZERO,
            reason,
            null);
    assertThat(o.get("status").asText()).isEqualTo(status);
    assertThat(o.get("output").get(0).get("status").asText()).isEqualTo(status);
    if (reason == null) {
      assertThat(o.get("incomplete_details").isNull()).isTrue();
    } else {
      assertThat(o.get("incomplete_details").get("reason").asText()).isEqualTo(reason);
    }
  }

  @Test
  void writesTheObjectWithUsageCostAndTheEchoedRequest() {
    ChatResponse r = answer("x", List.of(), "stop", null, null);
    ObjectNode o =
        ResponseObject.of(
            "resp_1",
            7,
            "completed",
            "a/b",
            echo(),
            ResponseObject.output(r, false),
            r.usage(),
            new BigDecimal("0.0012"),
            null,
            null);
    assertThat(o.get("id").asText()).isEqualTo("resp_1");
    assertThat(o.get("object").asText()).isEqualTo("response");
    assertThat(o.get("created_at").asLong()).isEqualTo(7);
    assertThat(o.get("model").asText()).isEqualTo("a/b");
    assertThat(o.get("error").isNull()).isTrue();
    assertThat(o.get("instructions").asText()).isEqualTo("Be brief.");
    assertThat(o.get("metadata").get("k").asText()).isEqualTo("v");
    assertThat(o.get("store").asBoolean()).isTrue();
    assertThat(o.has("output_text")).isFalse();
    JsonNode u = o.get("usage");
    assertThat(u.get("input_tokens").asInt()).isEqualTo(120);
    assertThat(u.get("input_tokens_details").get("cached_tokens").asInt()).isEqualTo(64);
    assertThat(u.get("output_tokens").asInt()).isEqualTo(30);
    assertThat(u.get("output_tokens_details").get("reasoning_tokens").asInt()).isEqualTo(12);
    assertThat(u.get("total_tokens").asInt()).isEqualTo(150);
    assertThat(u.get("cost").decimalValue()).isEqualByComparingTo("0.0012");
    assertThat(ResponseObject.usage(Usage.NONE, null).get("cost").isNull()).isTrue();
  }

  @Test
  void theAssistantMessageOfTheOutputIsWhatTheConversationKeeps() {
    ChatResponse r =
        answer(
            "Checking.", List.of(new ToolCall("call_1", "f", "{}")), "tool_calls", "Think.", null);
    ChatMessage m = ResponseObject.assistant(ResponseObject.output(r, false), List.of());
    assertThat(m.role()).isEqualTo(Role.ASSISTANT);
    assertThat(m.content()).isEqualTo("Checking.");
    assertThat(m.reasoningContent()).isEqualTo("Think.");
    assertThat(m.toolCalls()).containsExactly(new ToolCall("call_1", "f", "{}"));
  }

  /**
   * With {@code include: ["reasoning.encrypted_content"]} the reasoning item carries the turn's
   * signed blocks sealed — an item of its own when there is no reasoning text; without it, none.
   */
  @Test
  void sealsTheSignedThinkingIntoTheReasoningItemOnlyWhenAskedFor() {
    List<Thinking> blocks = List.of(Thinking.of("Think.", "SIG_1"), Thinking.redacted("R_1"));
    ChatResponse r =
        answer("", List.of(new ToolCall("toolu_1", "f", "{}")), "tool_calls", "Think.", null)
            .toBuilder()
            .thinking(blocks)
            .build();
    JsonNode sealed = ResponseObject.output(r, true).get(0).json();
    assertThat(sealed.get("summary").get(0).get("text").asText()).isEqualTo("Think.");
    assertThat(Conversation.unsealed(sealed.get("encrypted_content").asText())).isEqualTo(blocks);
    assertThat(ResponseObject.output(r, false).get(0).json().has("encrypted_content")).isFalse();

    ChatResponse redacted =
        answer("Hi.", List.of(), "stop", null, null).toBuilder()
            .thinking(List.of(Thinking.redacted("R_2")))
            .build();
    List<OutputItem> out = ResponseObject.output(redacted, true);
    assertThat(out).hasSize(2);
    JsonNode rs = out.get(0).json();
    assertThat(rs.get("type").asText()).isEqualTo("reasoning");
    assertThat(rs.get("summary")).isEmpty();
    assertThat(Conversation.unsealed(rs.get("encrypted_content").asText()))
        .containsExactly(Thinking.redacted("R_2"));
    assertThat(ResponseObject.output(redacted, false)).hasSize(1);
    assertThat(ResponseObject.assistant(out, redacted.thinking()).reasoningContent()).isNull();
  }
}
