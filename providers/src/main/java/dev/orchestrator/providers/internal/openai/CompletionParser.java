package dev.orchestrator.providers.internal.openai;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.orchestrator.providers.internal.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a non-streamed completion straight from its bytes with a streaming parser, only the fields
 * {@link OpenAiDto.Completion} models, others skipped (data binding into the records was ~20 % of
 * an in-process call's CPU, docs/benchmarks.md §2). It takes only the shapes it knows: a field of
 * an unexpected JSON type, a {@code null} in an unexpected place, or a body that is not JSON makes
 * it return {@code null}, and the caller then binds the body as before, so what any body decodes to
 * is what data binding makes of it. Stateless, thread-safe.
 */
final class CompletionParser {
  private CompletionParser() {}

  /** The shape this parser does not take; the caller falls back to data binding. */
  static final class Unexpected extends Exception {
    private static final long serialVersionUID = 1L;
    static final Unexpected INSTANCE = new Unexpected();

    private Unexpected() {
      super(null, null, false, false);
    }
  }

  /** The completion, or {@code null} when this parser does not take the body. */
  static OpenAiDto.Completion parse(byte[] body) {
    try (JsonParser p = Json.MAPPER.createParser(body)) {
      return completion(p);
    } catch (IOException | Unexpected e) {
      return null;
    }
  }

  private static OpenAiDto.Completion completion(JsonParser p) throws IOException, Unexpected {
    expect(p.nextToken(), JsonToken.START_OBJECT);
    String id = null;
    String model = null;
    String fingerprint = null;
    List<OpenAiDto.Choice> choices = null;
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
        case "error" -> error = tree(p, t);
        default -> p.skipChildren();
      }
    }
    return new OpenAiDto.Completion(id, model, fingerprint, choices, usage, error);
  }

  private static List<OpenAiDto.Choice> choices(JsonParser p, JsonToken t)
      throws IOException, Unexpected {
    expect(t, JsonToken.START_ARRAY);
    List<OpenAiDto.Choice> out = new ArrayList<>(1);
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      out.add(choice(p, t));
    }
    return out;
  }

  private static OpenAiDto.Choice choice(JsonParser p, JsonToken t) throws IOException, Unexpected {
    expect(t, JsonToken.START_OBJECT);
    Integer index = null;
    OpenAiDto.ResponseMessage message = null;
    String finish = null;
    JsonNode logprobs = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String f = p.currentName();
      t = p.nextToken();
      switch (f) {
        case "index" -> index = integer(p, t);
        case "message" -> message = t == JsonToken.VALUE_NULL ? null : message(p, t);
        case "finish_reason" -> finish = text(p, t);
        case "logprobs" -> logprobs = tree(p, t);
        default -> p.skipChildren();
      }
    }
    return new OpenAiDto.Choice(index, message, finish, logprobs);
  }

  private static OpenAiDto.ResponseMessage message(JsonParser p, JsonToken t)
      throws IOException, Unexpected {
    expect(t, JsonToken.START_OBJECT);
    String role = null;
    JsonNode content = null;
    String refusal = null;
    String reasoningContent = null;
    String reasoning = null;
    List<OpenAiDto.ToolCallDto> calls = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String f = p.currentName();
      t = p.nextToken();
      switch (f) {
        case "role" -> role = text(p, t);
        case "content" ->
            content = t == JsonToken.VALUE_STRING ? TextNode.valueOf(p.getText()) : tree(p, t);
        case "refusal" -> refusal = text(p, t);
        case "reasoning_content" -> reasoningContent = text(p, t);
        case "reasoning" -> reasoning = text(p, t);
        case "tool_calls" -> calls = t == JsonToken.VALUE_NULL ? null : toolCalls(p, t);
        default -> p.skipChildren();
      }
    }
    return new OpenAiDto.ResponseMessage(
        role, content, refusal, reasoningContent, reasoning, calls);
  }

  private static List<OpenAiDto.ToolCallDto> toolCalls(JsonParser p, JsonToken t)
      throws IOException, Unexpected {
    expect(t, JsonToken.START_ARRAY);
    List<OpenAiDto.ToolCallDto> out = new ArrayList<>();
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      expect(t, JsonToken.START_OBJECT);
      String id = null;
      String type = null;
      OpenAiDto.FunctionCall function = null;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String f = p.currentName();
        t = p.nextToken();
        switch (f) {
          case "id" -> id = text(p, t);
          case "type" -> type = text(p, t);
          case "function" -> function = t == JsonToken.VALUE_NULL ? null : function(p, t);
          default -> p.skipChildren();
        }
      }
      out.add(new OpenAiDto.ToolCallDto(id, type, function));
    }
    return out;
  }

  static OpenAiDto.FunctionCall function(JsonParser p, JsonToken t) throws IOException, Unexpected {
    expect(t, JsonToken.START_OBJECT);
    String name = null;
    String arguments = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String f = p.currentName();
      t = p.nextToken();
      switch (f) {
        case "name" -> name = text(p, t);
        case "arguments" -> arguments = text(p, t);
        default -> p.skipChildren();
      }
    }
    return new OpenAiDto.FunctionCall(name, arguments);
  }

  static OpenAiDto.UsageDto usage(JsonParser p, JsonToken t) throws IOException, Unexpected {
    expect(t, JsonToken.START_OBJECT);
    Integer prompt = null;
    Integer completion = null;
    Integer total = null;
    OpenAiDto.TokenDetails promptDetails = null;
    OpenAiDto.TokenDetails completionDetails = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String f = p.currentName();
      t = p.nextToken();
      switch (f) {
        case "prompt_tokens" -> prompt = integer(p, t);
        case "completion_tokens" -> completion = integer(p, t);
        case "total_tokens" -> total = integer(p, t);
        case "prompt_tokens_details" -> promptDetails = details(p, t);
        case "completion_tokens_details" -> completionDetails = details(p, t);
        default -> p.skipChildren();
      }
    }
    return new OpenAiDto.UsageDto(prompt, completion, total, promptDetails, completionDetails);
  }

  private static OpenAiDto.TokenDetails details(JsonParser p, JsonToken t)
      throws IOException, Unexpected {
    if (t == JsonToken.VALUE_NULL) {
      return null;
    }
    expect(t, JsonToken.START_OBJECT);
    Integer cached = null;
    Integer reasoning = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String f = p.currentName();
      t = p.nextToken();
      switch (f) {
        case "cached_tokens" -> cached = integer(p, t);
        case "reasoning_tokens" -> reasoning = integer(p, t);
        default -> p.skipChildren();
      }
    }
    return new OpenAiDto.TokenDetails(cached, reasoning);
  }

  static void expect(JsonToken actual, JsonToken expected) throws Unexpected {
    if (actual != expected) {
      throw Unexpected.INSTANCE;
    }
  }

  /** A string or null; any other token is a shape left to data binding (which coerces). */
  static String text(JsonParser p, JsonToken t) throws IOException, Unexpected {
    if (t == JsonToken.VALUE_STRING) {
      return p.getText();
    }
    if (t == JsonToken.VALUE_NULL) {
      return null;
    }
    throw Unexpected.INSTANCE;
  }

  /** An int or null; a float, a string or a long is left to data binding. */
  static Integer integer(JsonParser p, JsonToken t) throws IOException, Unexpected {
    if (t == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT) {
      return p.getIntValue();
    }
    if (t == JsonToken.VALUE_NULL) {
      return null;
    }
    throw Unexpected.INSTANCE;
  }

  /** Any JSON value as a tree ({@code null} for JSON null, which the callers treat alike). */
  private static JsonNode tree(JsonParser p, JsonToken t) throws IOException {
    return t == JsonToken.VALUE_NULL ? null : Json.MAPPER.readTree(p);
  }
}
