package dev.orchestrator.serve.responses;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.Finish;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.serve.http.Json;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The Response object (docs/reference.md, "OpenAI Responses") as the whole answer, {@code GET
 * /v1/responses/{id}} and the stream's {@code response.*} lifecycle events write it: ids, status,
 * the serving route as {@code model}, the output items, usage with cost, and the request fields the
 * API echoes. Stateless.
 */
final class ResponseObject {
  private ResponseObject() {}

  /**
   * The object.
   *
   * @param id {@code resp_…}
   * @param createdAt seconds since the epoch
   * @param status {@code in_progress}, {@code completed}, {@code incomplete} or {@code failed}
   * @param model the serving route
   * @param echo the request's echoed fields ({@link ResponsesRequest#echo()})
   * @param output the output items
   * @param usage the usage, or {@code null} while in progress; {@code "usage": null} too when the
   *     route reported none ({@link Usage#isNone()})
   * @param cost the cost in USD ({@code null} when unknown)
   * @param incompleteReason {@code max_output_tokens} or {@code content_filter} when incomplete
   * @param error {@code {code, message}} when failed, else {@code null}
   */
  static ObjectNode of(
      String id,
      long createdAt,
      String status,
      String model,
      ObjectNode echo,
      List<OutputItem> output,
      Usage usage,
      BigDecimal cost,
      String incompleteReason,
      ObjectNode error) {
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("id", id);
    o.put("object", "response");
    o.put("created_at", createdAt);
    o.put("status", status);
    o.put("background", false);
    o.set("error", error);
    if (incompleteReason == null) {
      o.putNull("incomplete_details");
    } else {
      o.putObject("incomplete_details").put("reason", incompleteReason);
    }
    o.set("instructions", echo.get("instructions"));
    o.set("max_output_tokens", echo.get("max_output_tokens"));
    o.put("model", model);
    ArrayNode items = o.putArray("output");
    for (OutputItem i : output) {
      items.add(i.json());
    }
    for (String f :
        List.of(
            "parallel_tool_calls",
            "previous_response_id",
            "reasoning",
            "store",
            "temperature",
            "text",
            "tool_choice",
            "tools",
            "top_p",
            "truncation")) {
      o.set(f, echo.get(f).deepCopy());
    }
    if (usage == null || usage.isNone()) {
      // in progress, or the route reported none: the schema's "no figures", never made-up zeros
      o.putNull("usage");
    } else {
      o.set("usage", usage(usage, cost));
    }
    o.set("user", echo.get("user"));
    o.set("metadata", echo.get("metadata").deepCopy());
    return o;
  }

  /**
   * The usage: input, cached, cache-write, output, reasoning and total tokens, and {@code cost} in
   * USD as the chat front's {@code usage.cost} ({@code 0} on a free route, {@code null} when
   * unknown). A detail the route did not report is {@code 0}, as the API's schema has it always.
   */
  static ObjectNode usage(Usage u, BigDecimal cost) {
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("input_tokens", u.promptTokens());
    o.putObject("input_tokens_details")
        .put("cached_tokens", u.cachedTokens() == null ? 0 : u.cachedTokens())
        .put("cache_write_tokens", u.cacheCreationTokens() == null ? 0 : u.cacheCreationTokens());
    o.put("output_tokens", u.completionTokens());
    o.putObject("output_tokens_details")
        .put("reasoning_tokens", u.reasoningTokens() == null ? 0 : u.reasoningTokens());
    o.put("total_tokens", u.totalTokens());
    if (cost == null) {
      o.putNull("cost");
    } else {
      o.put("cost", cost);
    }
    return o;
  }

  /**
   * Why an answer is incomplete, from what its finish reason means ({@link Finish}): {@code
   * max_output_tokens} when it was cut at the output limit or by the context window (the API's
   * closed list has no other reason for running out of room), {@code content_filter} when a filter
   * or a refusal cut it; {@code null} when it is complete — a word no table reads among them (the
   * list has no "other", and the answer ended; ADR 0055).
   */
  static String incompleteReason(ChatResponse r) {
    return switch (r.finish()) {
      case LENGTH, CONTEXT_WINDOW -> "max_output_tokens";
      case CONTENT_FILTER -> "content_filter";
      case STOP, TOOL_CALLS, PAUSE_TURN, OTHER -> null;
    };
  }

  /** {@code incomplete} when there is a reason, else {@code completed}. */
  static String status(String incompleteReason) {
    return incompleteReason == null ? "completed" : "incomplete";
  }

  /**
   * The output items of a whole answer: its reasoning (with its signed thinking sealed when {@code
   * encryptedReasoning}), its message (text and refusal; an empty text when the answer has nothing
   * else), then one function call per tool call.
   */
  static List<OutputItem> output(ChatResponse r, boolean encryptedReasoning) {
    List<OutputItem> out = new ArrayList<>();
    String reasoning = r.reasoningContent() == null ? "" : r.reasoningContent();
    String sealed = sealed(r.thinking(), encryptedReasoning);
    if (!reasoning.isEmpty() || sealed != null) {
      out.add(new OutputItem.Reasoning(OutputItem.newId("rs"), reasoning, sealed));
    }
    boolean text = !r.content().isEmpty() || r.refusal() == null && r.toolCalls().isEmpty();
    if (text || r.refusal() != null) {
      out.add(
          new OutputItem.Message(
              OutputItem.newId("msg"),
              text ? r.content() : null,
              r.refusal(),
              status(incompleteReason(r))));
    }
    for (ToolCall c : r.toolCalls()) {
      out.add(
          new OutputItem.FunctionCall(
              OutputItem.newId("fc"),
              c.id() != null ? c.id() : OutputItem.newId("call"),
              c.name(),
              c.argumentsJson(),
              "completed",
              c.thoughtSignature()));
    }
    return out;
  }

  /**
   * The {@code encrypted_content} of a reasoning item with {@code thinking}: the blocks sealed
   * ({@link Conversation#sealed}) when the request asked for it and there are any, else {@code
   * null}.
   */
  static String sealed(List<Thinking> thinking, boolean encryptedReasoning) {
    return encryptedReasoning && !thinking.isEmpty() ? Conversation.sealed(thinking) : null;
  }

  /**
   * The assistant message {@code output} says, with the answer's signed {@code thinking} blocks
   * (which an output item shows only sealed, when asked for), as a conversation keeps it.
   */
  static ChatMessage assistant(List<OutputItem> output, List<Thinking> thinking) {
    ChatMessage.Builder b = ChatMessage.builder(Role.ASSISTANT).thinking(thinking);
    StringBuilder reasoning = null;
    for (OutputItem i : output) {
      if (i instanceof OutputItem.Reasoning r && !r.text().isEmpty()) {
        reasoning = reasoning == null ? new StringBuilder() : reasoning.append("\n\n");
        reasoning.append(r.text());
      } else if (i instanceof OutputItem.Message m) {
        if (m.text() != null && !m.text().isEmpty()) {
          b.text(m.text());
        }
        if (m.refusal() != null) {
          b.refusal(m.refusal());
        }
      } else if (i instanceof OutputItem.FunctionCall c) {
        b.toolCall(new ToolCall(c.callId(), c.name(), c.arguments(), c.thoughtSignature()));
      }
    }
    if (reasoning != null) {
      b.reasoningContent(reasoning.toString());
    }
    return b.build();
  }
}
