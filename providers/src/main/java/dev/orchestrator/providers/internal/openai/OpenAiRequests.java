package dev.orchestrator.providers.internal.openai;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.NativeRequest;
import dev.orchestrator.engine.chat.PdfPart;
import dev.orchestrator.engine.chat.ResponseFormat;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolChoice;
import dev.orchestrator.engine.chat.ToolDefinition;
import dev.orchestrator.providers.internal.history.Family;
import dev.orchestrator.providers.internal.history.HistoryNormaliser;
import dev.orchestrator.providers.internal.wire.Json;
import dev.orchestrator.providers.internal.wire.RequestEncodingException;
import dev.orchestrator.providers.internal.wire.WireSupport;
import java.io.IOException;
import java.util.Map;

/**
 * Encodes a {@link ChatRequest} as an OpenAI chat-completions body: every modelled field under its
 * OpenAI name, then {@link ChatRequest#extraBody()} unchanged. The history arrives already adapted
 * to the route's provider family ({@link HistoryNormaliser}, once per attempt, by the client). The
 * only translations (documented in {@code providers/README.md}): the route's model id replaces the
 * virtual model, a single text part is written as a string, {@code stop} is always an array, {@code
 * developer} is sent as {@code system}, a stream always asks for {@code
 * stream_options.include_usage} (but from Mistral, which refuses the field and streams usage
 * anyway), an Anthropic caller's {@code max_tokens} reaches OpenAI itself as {@code
 * max_completion_tokens}, and {@code max_completion_tokens} reaches Mistral as {@code max_tokens}.
 * Mistral, which has no {@code user} field, gets the request without it (the history normaliser
 * leaves it out and names it).
 *
 * <p>Written with a {@link JsonGenerator} straight into bytes, without building a tree first: every
 * call encodes its request, and the bytes are what the upstream receives. A message's {@code extra}
 * field wins over a modelled field of the same name. Stateless, thread-safe.
 */
final class OpenAiRequests {
  private OpenAiRequests() {}

  static byte[] encode(ChatRequest r, Route route) throws RequestEncodingException {
    ByteArrayBuilder out = new ByteArrayBuilder(1024);
    try (JsonGenerator g = Json.MAPPER.createGenerator(out)) {
      write(g, r, route);
    } catch (IOException e) {
      throw new RequestEncodingException(
          "request: cannot be encoded as JSON (" + e.getMessage() + ")");
    }
    return out.toByteArray();
  }

  private static void write(JsonGenerator g, ChatRequest r, Route route)
      throws IOException, RequestEncodingException {
    Map<String, Object> extra = r.extraBody(); // never a modelled field (ChatRequest checks)
    g.writeStartObject();
    g.writeStringField("model", route.model());
    g.writeArrayFieldStart("messages");
    for (ChatMessage m : r.messages()) {
      message(g, m);
    }
    g.writeEndArray();
    if (!r.tools().isEmpty()) {
      g.writeArrayFieldStart("tools");
      for (ToolDefinition t : r.tools()) {
        JsonNode parameters = WireSupport.schema(t);
        g.writeStartObject();
        g.writeStringField("type", "function");
        g.writeObjectFieldStart("function");
        g.writeStringField("name", t.name());
        if (t.description() != null) {
          g.writeStringField("description", t.description());
        }
        g.writeFieldName("parameters");
        g.writeTree(parameters);
        if (t.strict() != null) {
          g.writeBooleanField("strict", t.strict());
        }
        g.writeEndObject();
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    if (r.toolChoice() != null) {
      g.writeFieldName("tool_choice");
      toolChoice(g, r.toolChoice());
    }
    number(g, "parallel_tool_calls", r.parallelToolCalls());
    if (r.responseFormat() != null) {
      responseFormat(g, r.responseFormat());
    }
    number(g, "temperature", r.temperature());
    number(g, "top_p", r.topP());
    if (!r.stop().isEmpty()) {
      g.writeArrayFieldStart("stop");
      for (String s : r.stop()) {
        g.writeString(s);
      }
      g.writeEndArray();
    }
    if (r.seed() != null) {
      g.writeNumberField("seed", r.seed());
    }
    Integer maxTokens = r.maxTokens();
    Integer maxCompletionTokens = r.maxCompletionTokens();
    Family family = Family.of(Protocol.OPENAI_CHAT, route.provider());
    boolean mistral = family == Family.MISTRAL;
    if (maxCompletionTokens == null && maxTokens != null && limitTranslatedForOpenAi(r, family)) {
      maxCompletionTokens = maxTokens;
      maxTokens = null;
    } else if (mistral && maxCompletionTokens != null) {
      // Mistral refuses max_completion_tokens (422 extra_forbidden): its one limit is max_tokens
      maxTokens = maxTokens == null ? maxCompletionTokens : maxTokens;
      maxCompletionTokens = null;
    }
    number(g, "max_tokens", maxTokens);
    number(g, "max_completion_tokens", maxCompletionTokens);
    number(g, "presence_penalty", r.presencePenalty());
    number(g, "frequency_penalty", r.frequencyPenalty());
    if (r.reasoningEffort() != null) {
      g.writeStringField("reasoning_effort", r.reasoningEffort().wireName());
    }
    if (r.user() != null) {
      g.writeStringField("user", r.user());
    }
    if (!r.metadata().isEmpty()) {
      g.writeObjectFieldStart("metadata");
      for (Map.Entry<String, String> e : r.metadata().entrySet()) {
        g.writeStringField(e.getKey(), e.getValue());
      }
      g.writeEndObject();
    }
    number(g, "logprobs", r.logprobs());
    number(g, "top_logprobs", r.topLogprobs());
    number(g, "n", r.n());
    if (r.stream()) {
      g.writeBooleanField("stream", true);
      // Mistral refuses stream_options (422 extra_forbidden) and streams usage in its last chunk
      // whatever is asked: include_usage is left out, and the object when nothing else is in it.
      if (!mistral
          || r.streamOptions().keySet().stream().anyMatch(k -> !k.equals("include_usage"))) {
        g.writeObjectFieldStart("stream_options");
        values(g, r.streamOptions(), "include_usage", false);
        if (!mistral) {
          g.writeBooleanField("include_usage", true); // the engine needs usage for cost and budgets
        }
        g.writeEndObject();
      }
    } else if (!r.streamOptions().isEmpty()) {
      g.writeObjectFieldStart("stream_options");
      values(g, r.streamOptions(), null, false);
      g.writeEndObject();
    }
    values(g, extra, null, true);
    g.writeEndObject();
  }

  /**
   * Whether the output limit is a translation (the caller spoke another protocol, Anthropic's
   * {@code max_tokens}) going to OpenAI itself: there it is {@code max_completion_tokens}, the one
   * name every OpenAI model takes (its reasoning models refuse {@code max_tokens}). Other
   * OpenAI-compatible families keep {@code max_tokens}, which all of them take (Mistral refuses
   * unknown fields); an OpenAI caller's own name is always kept.
   */
  private static boolean limitTranslatedForOpenAi(ChatRequest r, Family family) {
    NativeRequest n = r.nativeRequest();
    return n != null && n.protocol() != Protocol.OPENAI_CHAT && family == Family.OPENAI;
  }

  private static void message(JsonGenerator g, ChatMessage m)
      throws IOException, RequestEncodingException {
    Map<String, Object> extra = m.extra();
    g.writeStartObject();
    if (own(extra, "role")) {
      g.writeStringField("role", m.role().wireName());
    }
    if (own(extra, "content")) {
      content(g, m);
    }
    if (m.name() != null && own(extra, "name")) {
      g.writeStringField("name", m.name());
    }
    if (m.refusal() != null && own(extra, "refusal")) {
      g.writeStringField("refusal", m.refusal());
    }
    if (m.reasoningContent() != null && own(extra, "reasoning_content")) {
      g.writeStringField("reasoning_content", m.reasoningContent());
    }
    if (!m.toolCalls().isEmpty() && own(extra, "tool_calls")) {
      g.writeArrayFieldStart("tool_calls");
      for (ToolCall c : m.toolCalls()) {
        g.writeStartObject();
        if (c.id() != null) {
          g.writeStringField("id", c.id());
        }
        g.writeStringField("type", "function");
        g.writeObjectFieldStart("function");
        g.writeStringField("name", c.name());
        g.writeStringField("arguments", c.argumentsJson());
        g.writeEndObject();
        if (c.thoughtSignature() != null) {
          // Gemini's OpenAI-compatible wire: only a Gemini route gets one (HistoryNormaliser).
          g.writeObjectFieldStart("extra_content");
          g.writeObjectFieldStart("google");
          g.writeStringField("thought_signature", c.thoughtSignature());
          g.writeEndObject();
          g.writeEndObject();
        }
        g.writeEndObject();
      }
      g.writeEndArray();
    }
    if (m.toolCallId() != null && own(extra, "tool_call_id")) {
      g.writeStringField("tool_call_id", m.toolCallId());
    }
    values(g, extra, null, true);
    g.writeEndObject();
  }

  private static void content(JsonGenerator g, ChatMessage m)
      throws IOException, RequestEncodingException {
    if (m.parts().isEmpty()) {
      if (m.role() == Role.ASSISTANT && (!m.toolCalls().isEmpty() || m.refusal() != null)) {
        g.writeNullField("content"); // a turn of only tool calls or a refusal, as OpenAI writes it
      } else {
        g.writeStringField("content", "");
      }
    } else if (m.parts().size() == 1 && m.parts().get(0) instanceof ContentPart.Text t) {
      g.writeStringField("content", t.text());
    } else {
      g.writeArrayFieldStart("content");
      for (ContentPart p : m.parts()) {
        part(g, p);
      }
      g.writeEndArray();
    }
  }

  private static void part(JsonGenerator g, ContentPart p)
      throws IOException, RequestEncodingException {
    if (p instanceof ContentPart.Text t) {
      g.writeStartObject();
      g.writeStringField("type", "text");
      g.writeStringField("text", t.text());
      g.writeEndObject();
    } else if (p instanceof ContentPart.Image i) {
      g.writeStartObject();
      g.writeStringField("type", "image_url");
      g.writeObjectFieldStart("image_url");
      g.writeStringField("url", i.asUrl());
      if (i.detail() != null) {
        g.writeStringField("detail", i.detail());
      }
      g.writeEndObject();
      g.writeEndObject();
    } else if (p instanceof ContentPart.File f) {
      if (f.json() != null) {
        g.writeTree(WireSupport.parseCallerJson(f.json(), "content part file"));
      } else {
        // A PDF built from its name and data (ContentPart.pdf): OpenAI's own file part.
        PdfPart.Inline pdf = (PdfPart.Inline) f.pdf();
        g.writeStartObject();
        g.writeStringField("type", "file");
        g.writeObjectFieldStart("file");
        if (pdf.filename() != null) {
          g.writeStringField("filename", pdf.filename());
        }
        g.writeStringField("file_data", pdf.dataUrl());
        g.writeEndObject();
        g.writeEndObject();
      }
    } else {
      ContentPart.Raw raw = (ContentPart.Raw) p;
      g.writeTree(WireSupport.parseCallerJson(raw.json(), "content part " + raw.type()));
    }
  }

  private static void toolChoice(JsonGenerator g, ToolChoice c) throws IOException {
    switch (c.mode()) {
      case AUTO:
        g.writeString("auto");
        break;
      case NONE:
        g.writeString("none");
        break;
      case REQUIRED:
        g.writeString("required");
        break;
      case FUNCTION:
      default:
        g.writeStartObject();
        g.writeStringField("type", "function");
        g.writeObjectFieldStart("function");
        g.writeStringField("name", c.functionName());
        g.writeEndObject();
        g.writeEndObject();
    }
  }

  private static void responseFormat(JsonGenerator g, ResponseFormat f)
      throws IOException, RequestEncodingException {
    JsonNode schema =
        "json_schema".equals(f.type())
            ? WireSupport.parseCallerJson(f.jsonSchema(), "response_format json_schema")
            : null;
    g.writeObjectFieldStart("response_format");
    g.writeStringField("type", f.type());
    if (schema != null) {
      g.writeFieldName("json_schema");
      if (f.name() == null && schema.has("schema") && schema.has("name")) {
        g.writeTree(schema); // already OpenAI's {name, schema, strict} wrapper
      } else {
        g.writeStartObject();
        g.writeStringField("name", f.name() == null ? "response" : f.name());
        if (f.description() != null) {
          g.writeStringField("description", f.description());
        }
        g.writeFieldName("schema");
        g.writeTree(schema);
        if (f.strict() != null) {
          g.writeBooleanField("strict", f.strict());
        }
        g.writeEndObject();
      }
    }
    g.writeEndObject();
  }

  /** Whether a modelled field is written, i.e. {@code extra} does not replace it. */
  private static boolean own(Map<String, Object> extra, String field) {
    return extra.isEmpty() || !extra.containsKey(field);
  }

  /** A Boolean, Integer or Double field, when set. */
  private static void number(JsonGenerator g, String field, Object v) throws IOException {
    if (v instanceof Boolean b) {
      g.writeBooleanField(field, b);
    } else if (v instanceof Integer i) {
      g.writeNumberField(field, i);
    } else if (v instanceof Double d) {
      g.writeNumberField(field, d);
    }
  }

  /**
   * Caller-supplied JSON-shaped fields as the wire mapper writes them (a {@code null} nested in a
   * map is left out). {@code except} is skipped; a top-level {@code null} is written only when
   * {@code nulls} (extra fields forward it, {@code stream_options} drops it).
   */
  private static void values(JsonGenerator g, Map<String, ?> fields, String except, boolean nulls)
      throws IOException {
    for (Map.Entry<String, ?> e : fields.entrySet()) {
      if (e.getKey().equals(except) || e.getValue() == null && !nulls) {
        continue;
      }
      g.writeFieldName(e.getKey());
      g.writeObject(e.getValue());
    }
  }
}
