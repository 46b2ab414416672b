package dev.orchestrator.providers.internal.openai;

import static dev.orchestrator.providers.internal.openai.CompletionParser.expect;
import static dev.orchestrator.providers.internal.openai.CompletionParser.function;
import static dev.orchestrator.providers.internal.openai.CompletionParser.integer;
import static dev.orchestrator.providers.internal.openai.CompletionParser.text;
import static dev.orchestrator.providers.internal.openai.CompletionParser.usage;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.orchestrator.providers.internal.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads one streamed {@code chat.completion.chunk} with a streaming parser, the way {@link
 * CompletionParser} reads a whole answer: data binding into {@link OpenAiDto.Chunk} was the largest
 * per-event cost of a stream through {@code serve} (docs/benchmarks.md §6, third round). It builds
 * exactly the record data binding builds — a JSON {@code null} in a {@link JsonNode} field is
 * {@link NullNode}, a missing field {@code null} — and takes only the shapes it knows: a field of
 * an unexpected JSON type (which data binding may coerce or reject) or a chunk that is not a JSON
 * object makes it return {@code null}, and the caller binds the text as before. Stateless,
 * thread-safe.
 */
final class ChunkParser {
  private ChunkParser() {}

  /** The chunk, or {@code null} when this parser does not take the text. */
  static OpenAiDto.Chunk parse(String data) {
    try (JsonParser p = Json.MAPPER.createParser(data)) {
      return chunk(p);
    } catch (IOException | CompletionParser.Unexpected e) {
      return null;
    }
  }

  private static OpenAiDto.Chunk chunk(JsonParser p)
      throws IOException, CompletionParser.Unexpected {
    expect(p.nextToken(), JsonToken.START_OBJECT);
    String id = null;
    String model = null;
    String fingerprint = null;
    List<OpenAiDto.ChunkChoice> choices = null;
    OpenAiDto.UsageDto usage = null;
    JsonNode error = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String f = p.currentName();
      JsonToken t = p.nextToken();
      switch (f) {
        case "id" -> id = text(p, t);
        case "model" -> model = text(p, t);
        case "system_fingerprint" -> fingerprint = text(p, t);
        case "choices" -> choices = t == JsonToken.VALUE_NULL ? null : choices(p, t);
        case "usage" -> usage = t == JsonToken.VALUE_NULL ? null : usage(p, t);
        case "error" -> error = node(p, t);
        default -> p.skipChildren();
      }
    }
    return new OpenAiDto.Chunk(id, model, fingerprint, choices, usage, error);
  }

  private static List<OpenAiDto.ChunkChoice> choices(JsonParser p, JsonToken t)
      throws IOException, CompletionParser.Unexpected {
    expect(t, JsonToken.START_ARRAY);
    List<OpenAiDto.ChunkChoice> out = new ArrayList<>(1);
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      out.add(t == JsonToken.VALUE_NULL ? null : choice(p, t));
    }
    return out;
  }

  private static OpenAiDto.ChunkChoice choice(JsonParser p, JsonToken t)
      throws IOException, CompletionParser.Unexpected {
    expect(t, JsonToken.START_OBJECT);
    Integer index = null;
    OpenAiDto.Delta delta = null;
    String finish = null;
    JsonNode logprobs = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String f = p.currentName();
      t = p.nextToken();
      switch (f) {
        case "index" -> index = integer(p, t);
        case "delta" -> delta = t == JsonToken.VALUE_NULL ? null : delta(p, t);
        case "finish_reason" -> finish = text(p, t);
        case "logprobs" -> logprobs = node(p, t);
        default -> p.skipChildren();
      }
    }
    return new OpenAiDto.ChunkChoice(index, delta, finish, logprobs);
  }

  private static OpenAiDto.Delta delta(JsonParser p, JsonToken t)
      throws IOException, CompletionParser.Unexpected {
    expect(t, JsonToken.START_OBJECT);
    String role = null;
    JsonNode content = null;
    String refusal = null;
    String reasoningContent = null;
    String reasoning = null;
    List<OpenAiDto.ToolCallDelta> calls = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String f = p.currentName();
      t = p.nextToken();
      switch (f) {
        case "role" -> role = text(p, t);
        case "content" -> content = node(p, t);
        case "refusal" -> refusal = text(p, t);
        case "reasoning_content" -> reasoningContent = text(p, t);
        case "reasoning" -> reasoning = text(p, t);
        case "tool_calls" -> calls = t == JsonToken.VALUE_NULL ? null : toolCalls(p, t);
        default -> p.skipChildren();
      }
    }
    return new OpenAiDto.Delta(role, content, refusal, reasoningContent, reasoning, calls);
  }

  private static List<OpenAiDto.ToolCallDelta> toolCalls(JsonParser p, JsonToken t)
      throws IOException, CompletionParser.Unexpected {
    expect(t, JsonToken.START_ARRAY);
    List<OpenAiDto.ToolCallDelta> out = new ArrayList<>(1);
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      if (t == JsonToken.VALUE_NULL) {
        out.add(null);
        continue;
      }
      expect(t, JsonToken.START_OBJECT);
      Integer index = null;
      String id = null;
      String type = null;
      OpenAiDto.FunctionCall function = null;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String f = p.currentName();
        t = p.nextToken();
        switch (f) {
          case "index" -> index = integer(p, t);
          case "id" -> id = text(p, t);
          case "type" -> type = text(p, t);
          case "function" -> function = t == JsonToken.VALUE_NULL ? null : function(p, t);
          default -> p.skipChildren();
        }
      }
      out.add(new OpenAiDto.ToolCallDelta(index, id, type, function));
    }
    return out;
  }

  /** Any JSON value as data binding gives it to a {@link JsonNode} field: null is NullNode. */
  private static JsonNode node(JsonParser p, JsonToken t) throws IOException {
    if (t == JsonToken.VALUE_NULL) {
      return NullNode.getInstance();
    }
    if (t == JsonToken.VALUE_STRING) {
      return TextNode.valueOf(p.getText());
    }
    return Json.MAPPER.readTree(p);
  }
}
