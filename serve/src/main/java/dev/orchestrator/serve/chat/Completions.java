package dev.orchestrator.serve.chat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.NativeAnswer;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolCallDelta;
import dev.orchestrator.engine.chat.Usage;
import dev.orchestrator.serve.http.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes OpenAI {@code chat.completion} objects and the usage chunk straight from the engine's
 * answer with a streaming generator (no tree), and the parts of a {@code chat.completion.chunk}
 * that {@link ChunkEncoder} writes per stream, keeping what the upstream said: its id, {@code
 * system_fingerprint}, refusal, reasoning, logprobs and usage details (docs/reference.md §5), and
 * the message fields an OpenAI-compatible route wrote that the engine does not model ({@code
 * reasoning_details}). Stateless and thread-safe.
 */
final class Completions {
  private static final JsonFactory FACTORY = Json.MAPPER.getFactory();

  private Completions() {}

  /** A fresh completion id, {@code chatcmpl-} and 24 hex digits, for upstreams that gave none. */
  static String newId() {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    return "chatcmpl-"
        + Long.toHexString(r.nextLong() | Long.MIN_VALUE).substring(0, 12)
        + Long.toHexString(r.nextLong() | Long.MIN_VALUE).substring(0, 12);
  }

  /**
   * The finish reason to report: the provider's, else from the shape of the answer — for an answer
   * that ended properly (a stream's {@code [DONE]}) whose route never named one. Not {@code null}:
   * the official SDKs take an answer without a finish reason for unfinished (openai-java's
   * accumulator, openai-node's {@code finalChatCompletion()}), and this one was served whole
   * (docs/reference.md §5).
   */
  static String finishReason(ChatResponse r) {
    if (r.finishReason() != null && !r.finishReason().isEmpty()) {
      return r.finishReason();
    }
    return r.toolCalls().isEmpty() ? "stop" : "tool_calls";
  }

  /** A whole {@code chat.completion}; {@code model} is the serving route id. */
  static byte[] completion(long created, String model, ChatResponse r, BigDecimal cost) {
    return write(
        g -> {
          g.writeStartObject();
          g.writeStringField("id", r.id() != null ? r.id() : newId());
          g.writeStringField("object", "chat.completion");
          g.writeNumberField("created", created);
          g.writeStringField("model", model);
          if (r.systemFingerprint() != null) {
            g.writeStringField("system_fingerprint", r.systemFingerprint());
          }
          g.writeArrayFieldStart("choices");
          g.writeStartObject();
          g.writeNumberField("index", 0);
          g.writeObjectFieldStart("message");
          g.writeStringField("role", "assistant");
          if (r.content().isEmpty() && (!r.toolCalls().isEmpty() || r.refusal() != null)) {
            g.writeNullField("content");
          } else {
            g.writeStringField("content", r.content());
          }
          g.writeStringField("refusal", r.refusal());
          if (r.reasoningContent() != null) {
            g.writeStringField("reasoning_content", r.reasoningContent());
          }
          writeUnmodelled(g, unmodelled(r.nativeAnswer()));
          if (!r.toolCalls().isEmpty()) {
            g.writeArrayFieldStart("tool_calls");
            int i = 0;
            for (ToolCall c : r.toolCalls()) {
              writeCall(
                  g,
                  null,
                  c.id() != null ? c.id() : "call_" + i,
                  c.name(),
                  c.argumentsJson(),
                  c.thoughtSignature());
              i++;
            }
            g.writeEndArray();
          }
          g.writeEndObject();
          if (r.logprobsJson() != null) {
            g.writeFieldName("logprobs");
            g.writeRawValue(r.logprobsJson());
          } else {
            g.writeNullField("logprobs");
          }
          g.writeStringField("finish_reason", finishReason(r));
          g.writeEndObject();
          g.writeEndArray();
          if (!r.usage().isNone()) { // a route that reported none gets no made-up zeros
            writeUsage(g, r.usage(), cost);
          }
          g.writeEndObject();
        });
  }

  /**
   * What one streamed chunk carries; at most one of the deltas is set, or none for the finish
   * chunk.
   *
   * @param first whether this is the first chunk (it carries {@code role})
   * @param content a text delta, or {@code null}
   * @param reasoning a reasoning delta, or {@code null}
   * @param refusal a refusal delta, or {@code null}
   * @param toolCall a tool-call fragment, or {@code null}
   * @param finishReason the finish reason of the finish chunk, or {@code null}
   * @param unmodelled delta fields an OpenAI-compatible route wrote that the engine does not model
   *     ({@code reasoning_details}), passed on as written, or {@code null}
   */
  record Delta(
      boolean first,
      String content,
      String reasoning,
      String refusal,
      ToolCallDelta toolCall,
      String finishReason,
      ObjectNode unmodelled) {
    /** A delta without unmodelled fields. */
    Delta(
        boolean first,
        String content,
        String reasoning,
        String refusal,
        ToolCallDelta toolCall,
        String finishReason) {
      this(first, content, reasoning, refusal, toolCall, finishReason, null);
    }
  }

  /**
   * The message fields an OpenAI-compatible route wrote that the engine does not model
   * (OpenRouter's {@code reasoning_details}), kept with the answer ({@link NativeAnswer} of the
   * chat completions protocol), or {@code null}: a caller of this protocol gets them as the route
   * wrote them.
   */
  static ObjectNode unmodelled(NativeAnswer n) {
    return n == null || n.protocol() != Protocol.OPENAI_CHAT ? null : Json.object(n.content());
  }

  /** Writes the fields of {@code unmodelled} (none when {@code null}) as the route wrote them. */
  static void writeUnmodelled(JsonGenerator g, ObjectNode unmodelled) throws IOException {
    if (unmodelled == null) {
      return;
    }
    for (Map.Entry<String, JsonNode> e : unmodelled.properties()) {
      if (!WRITTEN.contains(e.getKey())) {
        g.writeFieldName(e.getKey());
        g.writeRawValue(e.getValue().toString());
      }
    }
  }

  /** The message and delta fields written from the engine's reading, never replaced. */
  private static final Set<String> WRITTEN =
      Set.of("role", "content", "refusal", "reasoning_content", "tool_calls");

  /** Identifies the chunks of one stream. */
  record StreamHead(String id, long created, String model, String systemFingerprint) {}

  /**
   * The usage chunk of {@code stream_options.include_usage}: empty choices and the usage, {@code
   * null} when the route reported none (OpenAI's chunks carry {@code "usage": null} for "no
   * figures"), never made-up zeros.
   */
  static void writeUsageChunk(JsonGenerator g, StreamHead head, Usage usage, BigDecimal cost)
      throws IOException {
    writeChunkHead(g, head);
    g.writeArrayFieldStart("choices");
    g.writeEndArray();
    if (usage.isNone()) {
      g.writeNullField("usage");
    } else {
      writeUsage(g, usage, cost);
    }
    g.writeEndObject();
  }

  /** {@code id}, {@code object}, {@code created}, {@code model}, {@code system_fingerprint}. */
  static void writeChunkHead(JsonGenerator g, StreamHead h) throws IOException {
    g.writeStartObject();
    g.writeStringField("id", h.id());
    g.writeStringField("object", "chat.completion.chunk");
    g.writeNumberField("created", h.created());
    g.writeStringField("model", h.model());
    if (h.systemFingerprint() != null) {
      g.writeStringField("system_fingerprint", h.systemFingerprint());
    }
  }

  /** One whole call, or the first fragment of a streamed one ({@code index} set). */
  static void writeCall(JsonGenerator g, Integer index, String id, String name, String args)
      throws IOException {
    writeCall(g, index, id, name, args, null);
  }

  /**
   * One tool call; a Gemini thought signature goes in {@code
   * extra_content.google.thought_signature}, where Gemini's OpenAI-compatible wire puts it, so that
   * the agent replays it (docs/design.md §13).
   */
  static void writeCall(
      JsonGenerator g, Integer index, String id, String name, String args, String signature)
      throws IOException {
    g.writeStartObject();
    if (index != null) {
      g.writeNumberField("index", index);
    }
    g.writeStringField("id", id);
    g.writeStringField("type", "function");
    g.writeObjectFieldStart("function");
    g.writeStringField("name", name);
    g.writeStringField("arguments", args);
    g.writeEndObject();
    if (signature != null) {
      g.writeObjectFieldStart("extra_content");
      g.writeObjectFieldStart("google");
      g.writeStringField("thought_signature", signature);
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  /**
   * The usage object of a route that reported usage, with {@code cost} in USD (OpenRouter's
   * convention: {@code 0} on a free route, {@code null} when a price is unknown).
   */
  private static void writeUsage(JsonGenerator g, Usage u, BigDecimal cost) throws IOException {
    g.writeObjectFieldStart("usage");
    g.writeNumberField("prompt_tokens", u.promptTokens());
    g.writeNumberField("completion_tokens", u.completionTokens());
    g.writeNumberField("total_tokens", u.totalTokens());
    if (u.cachedTokens() != null || u.cacheCreationTokens() != null) {
      g.writeObjectFieldStart("prompt_tokens_details");
      if (u.cachedTokens() != null) {
        g.writeNumberField("cached_tokens", u.cachedTokens());
      }
      if (u.cacheCreationTokens() != null) {
        g.writeNumberField("cache_write_tokens", u.cacheCreationTokens());
      }
      g.writeEndObject();
    }
    if (u.reasoningTokens() != null) {
      g.writeObjectFieldStart("completion_tokens_details");
      g.writeNumberField("reasoning_tokens", u.reasoningTokens());
      g.writeEndObject();
    }
    if (cost == null) {
      g.writeNullField("cost");
    } else {
      g.writeNumberField("cost", cost);
    }
    g.writeEndObject();
  }

  @FunctionalInterface
  private interface Body {
    void write(JsonGenerator g) throws IOException;
  }

  private static byte[] write(Body body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(256);
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      body.write(g);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
