package dev.orchestrator.serve.messages;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.Finish;
import dev.orchestrator.engine.chat.NativeAnswer;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.serve.http.Json;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;

/**
 * Encodes the engine's answer as a Messages {@code message} object and supplies the pieces the
 * stream encoder shares with it: ids, stop reasons and usage in Anthropic's words. Thinking blocks
 * are written only as the provider signed them (an Anthropic route's): no other protocol's
 * reasoning could be replayed to Anthropic, so none is shown as thinking (docs/design.md §12). An
 * Anthropic route's answer is passed on with its content blocks as the route wrote them (server
 * tool use, its results, citations), when the engine kept them ({@link NativeAnswer}). Stateless.
 */
final class MessagesAnswer {
  private static final SecureRandom IDS = new SecureRandom();
  private static final char[] ALPHABET =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".toCharArray();

  private MessagesAnswer() {}

  /**
   * The whole answer served by {@code route}, an Anthropic route or not ({@code anthropicRoute}).
   */
  static ObjectNode message(String route, ChatResponse r, boolean anthropicRoute) {
    ObjectNode m = head(id(r.id()), route);
    ArrayNode content = m.putArray("content");
    ArrayNode same = sameProtocol(r.nativeAnswer());
    if (same != null) {
      content.addAll(same); // as the Anthropic route wrote it: server tools, citations and all
    } else {
      for (Thinking t : r.thinking()) {
        ObjectNode b = thinkingBlock(t);
        if (b != null) {
          content.add(b);
        }
      }
      if (!r.content().isEmpty()) {
        content.addObject().put("type", "text").put("text", r.content());
      }
      for (ToolCall c : r.toolCalls()) {
        ObjectNode use = content.addObject();
        use.put("type", "tool_use").put("id", toolUseId(c.id())).put("name", c.name());
        use.set("input", input(c.argumentsJson()));
      }
    }
    m.put("stop_reason", stopReason(r, anthropicRoute));
    m.put("stop_sequence", r.stopSequence());
    m.set("usage", usage(r.usage()));
    return m;
  }

  /**
   * What of {@code r} the Messages answer {@code m} written from it cannot say, as paths into
   * {@code m}: a Gemini thought signature on a call ({@code content[1].thought_signature}), for
   * which a {@code tool_use} block has no field an Anthropic SDK would keep. Replayed to Gemini,
   * the call gets the placeholder Gemini documents, named in that request's trace.
   */
  static List<String> unsaid(ObjectNode m, ChatResponse r) {
    List<String> unsaid = new ArrayList<>();
    JsonNode content = m.path("content");
    int call = 0;
    for (int i = 0; i < content.size() && call < r.toolCalls().size(); i++) {
      if (content.get(i).path("type").asText().equals("tool_use")) {
        if (r.toolCalls().get(call++).thoughtSignature() != null) {
          unsaid.add("content[" + i + "].thought_signature (no place in a tool_use block)");
        }
      }
    }
    return unsaid;
  }

  /**
   * The content blocks of an Anthropic route's answer as it wrote them, or {@code null} when the
   * answer has none (another protocol's route, or an answer the engine changed).
   */
  private static ArrayNode sameProtocol(NativeAnswer n) {
    if (n == null || n.protocol() != Protocol.ANTHROPIC_MESSAGES) {
      return null;
    }
    try {
      return Json.MAPPER.readTree(n.content()) instanceof ArrayNode a ? a : null;
    } catch (IOException e) {
      return null; // rebuilt from the reading instead
    }
  }

  /** A message's fixed fields; {@code content} and the rest follow. */
  static ObjectNode head(String id, String route) {
    ObjectNode m = Json.MAPPER.createObjectNode();
    m.put("id", id);
    m.put("type", "message");
    m.put("role", "assistant");
    m.put("model", route);
    return m;
  }

  /** A signed or redacted thinking block, or {@code null} for unsigned reasoning. */
  static ObjectNode thinkingBlock(Thinking t) {
    if (t.isRedacted()) {
      return Json.MAPPER
          .createObjectNode()
          .put("type", "redacted_thinking")
          .put("data", t.redactedData());
    }
    if (t.signature() == null) {
      return null;
    }
    return Json.MAPPER
        .createObjectNode()
        .put("type", "thinking")
        .put("thinking", t.text())
        .put("signature", t.signature());
  }

  /** The upstream's id when it is a Messages id, else a new one. */
  static String id(String upstream) {
    if (upstream != null && upstream.startsWith("msg_")) {
      return upstream;
    }
    return random("msg_");
  }

  /**
   * A {@code tool_use} block's id: the upstream's call id, or a new {@code toolu_} id when the
   * route gave none (an OpenAI-compatible route may omit it) — the agent replays the id in its
   * {@code tool_result}, and this front refuses a {@code tool_use} without one.
   */
  static String toolUseId(String upstream) {
    return upstream != null ? upstream : random("toolu_");
  }

  private static String random(String prefix) {
    StringBuilder sb = new StringBuilder(prefix);
    for (int i = 0; i < 24; i++) {
      sb.append(ALPHABET[IDS.nextInt(ALPHABET.length)]);
    }
    return sb.toString();
  }

  /**
   * The engine's finish reason in Anthropic's words, read for its meaning ({@link Finish}): the
   * closed list Anthropic's SDKs type ({@code end_turn}, {@code stop_sequence} with the sequence,
   * {@code max_tokens}, {@code model_context_window_exceeded}, {@code tool_use}, {@code refusal},
   * {@code pause_turn}). A word no table reads is the route's own when an Anthropic route ({@code
   * anthropicRoute}) said it — a reason of its own protocol, for its own protocol's client — and
   * otherwise {@code end_turn} ({@code tool_use} on an answer that calls tools): the answer ended,
   * and the list has no "other" (ADR 0055).
   */
  static String stopReason(ChatResponse r, boolean anthropicRoute) {
    return switch (r.finish()) {
      case STOP -> r.stopSequence() != null ? "stop_sequence" : "end_turn";
      case LENGTH -> "max_tokens";
      case CONTEXT_WINDOW -> "model_context_window_exceeded";
      case TOOL_CALLS -> "tool_use";
      case CONTENT_FILTER -> "refusal";
      case PAUSE_TURN -> "pause_turn";
      case OTHER ->
          anthropicRoute ? r.finishReason() : r.toolCalls().isEmpty() ? "end_turn" : "tool_use";
    };
  }

  /**
   * Usage in Anthropic's meaning: {@code input_tokens} excludes the cache reads and writes, which
   * are counted on their own. Nothing is made up where Anthropic's schema lets it say "not
   * reported": a cache count the route did not give ({@link Usage#cachedTokens()}, {@link
   * Usage#cacheCreationTokens()} null, as on most OpenAI-compatible routes, or no usage at all) is
   * {@code null}; {@code input_tokens} and {@code output_tokens} are {@code 0} for a route that
   * reported no usage ({@link Usage#isNone()}), since the schema and the SDKs require numbers there
   * (docs/reference.md, "The Anthropic Messages front").
   */
  static ObjectNode usage(Usage u) {
    ObjectNode o = Json.MAPPER.createObjectNode();
    if (u.isNone()) {
      o.put("input_tokens", 0);
      o.put("output_tokens", 0);
      o.putNull("cache_creation_input_tokens");
      o.putNull("cache_read_input_tokens");
      return o;
    }
    Integer read = u.cachedTokens();
    Integer write = u.cacheCreationTokens();
    int cached = (read == null ? 0 : read) + (write == null ? 0 : write);
    o.put("input_tokens", Math.max(0, u.promptTokens() - cached));
    o.put("output_tokens", u.completionTokens());
    o.put("cache_creation_input_tokens", write);
    o.put("cache_read_input_tokens", read);
    return o;
  }

  /**
   * A tool call's arguments as the {@code input} object; arguments that are not a JSON object (a
   * model's malformed output) are kept as text under {@code _raw} rather than lost.
   */
  static JsonNode input(String argumentsJson) {
    if (argumentsJson == null || argumentsJson.isBlank()) {
      return Json.MAPPER.createObjectNode();
    }
    ObjectNode n = Json.object(argumentsJson);
    return n != null ? n : Json.MAPPER.createObjectNode().put("_raw", argumentsJson);
  }
}
