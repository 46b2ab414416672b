package dev.orchestrator.serve;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.orchestrator.engine.chat.ChatResponse;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.Usage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes OpenAI {@code chat.completion} and {@code chat.completion.chunk} objects straight from the
 * engine's answer with a streaming generator (no tree per chunk). Stateless and thread-safe.
 */
final class Completions {
  private static final JsonFactory FACTORY = Json.MAPPER.getFactory();

  private Completions() {}

  /** A fresh completion id, {@code chatcmpl-} and 24 hex digits. */
  static String newId() {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    return "chatcmpl-"
        + Long.toHexString(r.nextLong() | Long.MIN_VALUE).substring(0, 12)
        + Long.toHexString(r.nextLong() | Long.MIN_VALUE).substring(0, 12);
  }

  /** The finish reason to report: the provider's, else from the shape of the answer. */
  static String finishReason(ChatResponse r) {
    if (r.finishReason() != null && !r.finishReason().isEmpty()) {
      return r.finishReason();
    }
    return r.toolCalls().isEmpty() ? "stop" : "tool_calls";
  }

  /** A whole {@code chat.completion}; {@code model} is the serving route id. */
  static byte[] completion(String id, long created, String model, ChatResponse r) {
    return write(
        g -> {
          g.writeStartObject();
          g.writeStringField("id", id);
          g.writeStringField("object", "chat.completion");
          g.writeNumberField("created", created);
          g.writeStringField("model", model);
          g.writeArrayFieldStart("choices");
          g.writeStartObject();
          g.writeNumberField("index", 0);
          g.writeObjectFieldStart("message");
          g.writeStringField("role", "assistant");
          if (r.content().isEmpty() && !r.toolCalls().isEmpty()) {
            g.writeNullField("content");
          } else {
            g.writeStringField("content", r.content());
          }
          if (!r.toolCalls().isEmpty()) {
            writeToolCalls(g, r.toolCalls(), false, 0);
          }
          g.writeEndObject();
          g.writeNullField("logprobs");
          g.writeStringField("finish_reason", finishReason(r));
          g.writeEndObject();
          g.writeEndArray();
          writeUsage(g, r.usage());
          g.writeEndObject();
        });
  }

  /**
   * One {@code chat.completion.chunk} carrying a text delta ({@code role} on the first one), a tool
   * call, or (with both {@code null}) the finish reason.
   */
  static byte[] chunk(
      String id,
      long created,
      String model,
      boolean first,
      String content,
      ToolCall call,
      int toolIndex,
      String finishReason) {
    return write(
        g -> {
          writeChunkHead(g, id, created, model);
          g.writeArrayFieldStart("choices");
          g.writeStartObject();
          g.writeNumberField("index", 0);
          g.writeObjectFieldStart("delta");
          if (first) {
            g.writeStringField("role", "assistant");
          }
          if (content != null) {
            g.writeStringField("content", content);
          }
          if (call != null) {
            writeToolCalls(g, List.of(call), true, toolIndex);
          }
          g.writeEndObject();
          g.writeNullField("logprobs");
          if (finishReason == null) {
            g.writeNullField("finish_reason");
          } else {
            g.writeStringField("finish_reason", finishReason);
          }
          g.writeEndObject();
          g.writeEndArray();
          g.writeEndObject();
        });
  }

  /** The usage chunk of {@code stream_options.include_usage}: empty choices and the usage. */
  static byte[] usageChunk(String id, long created, String model, Usage usage) {
    return write(
        g -> {
          writeChunkHead(g, id, created, model);
          g.writeArrayFieldStart("choices");
          g.writeEndArray();
          writeUsage(g, usage);
          g.writeEndObject();
        });
  }

  private static void writeChunkHead(JsonGenerator g, String id, long created, String model)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("id", id);
    g.writeStringField("object", "chat.completion.chunk");
    g.writeNumberField("created", created);
    g.writeStringField("model", model);
  }

  private static void writeToolCalls(JsonGenerator g, List<ToolCall> calls, boolean indexed, int i0)
      throws IOException {
    g.writeArrayFieldStart("tool_calls");
    int i = i0;
    for (ToolCall c : calls) {
      g.writeStartObject();
      if (indexed) {
        g.writeNumberField("index", i);
      }
      g.writeStringField("id", c.id() != null ? c.id() : "call_" + i);
      g.writeStringField("type", "function");
      g.writeObjectFieldStart("function");
      g.writeStringField("name", c.name());
      g.writeStringField("arguments", c.argumentsJson());
      g.writeEndObject();
      g.writeEndObject();
      i++;
    }
    g.writeEndArray();
  }

  private static void writeUsage(JsonGenerator g, Usage u) throws IOException {
    g.writeObjectFieldStart("usage");
    g.writeNumberField("prompt_tokens", u.promptTokens());
    g.writeNumberField("completion_tokens", u.completionTokens());
    g.writeNumberField("total_tokens", u.totalTokens());
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
