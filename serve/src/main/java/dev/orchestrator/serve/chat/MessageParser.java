package dev.orchestrator.serve.chat;

import static dev.orchestrator.serve.http.JsonFields.get;
import static dev.orchestrator.serve.http.JsonFields.kind;

import com.fasterxml.jackson.databind.JsonNode;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.serve.front.ContentParts;
import dev.orchestrator.serve.front.FileParts;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.Json;
import dev.orchestrator.serve.http.JsonFields;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the {@code messages} of an OpenAI request: roles, text, image and {@code file} content
 * parts (other part types kept raw), tool calls (with a Gemini thought signature in {@code
 * extra_content}), tool results, names, replayed reasoning and refusals; message fields it does not
 * model are kept as {@link ChatMessage#extra()} and forwarded. Errors are {@code 400}s naming the
 * field ({@code messages[1].content[0].image_url.url}). Stateless.
 */
final class MessageParser {
  private static final Set<String> MODELLED =
      Set.of(
          "role", "content", "name", "tool_calls", "tool_call_id", "reasoning_content", "refusal");
  private static final Set<String> TEXT_PART = Set.of("type", "text");
  private static final Set<String> IMAGE_PART = Set.of("type", "image_url");
  private static final Set<String> IMAGE_URL = Set.of("url", "detail");

  private MessageParser() {}

  static List<ChatMessage> messages(JsonNode node) {
    if (node == null || node.isNull()) {
      throw ApiError.badRequest(
          "messages", "messages: missing (expected: a non-empty array of messages)");
    }
    if (!node.isArray() || node.isEmpty()) {
      throw ApiError.badRequest(
          "messages", "messages: " + kind(node) + " (expected: a non-empty array of messages)");
    }
    List<ChatMessage> out = new ArrayList<>(node.size());
    for (int i = 0; i < node.size(); i++) {
      out.add(message(node.get(i), "messages[" + i + "]"));
    }
    return out;
  }

  private static ChatMessage message(JsonNode m, String where) {
    if (!m.isObject()) {
      throw ApiError.badRequest(
          where, where + ": " + kind(m) + " (expected: an object with role and content)");
    }
    Role role = role(m, where);
    ChatMessage.Builder b = ChatMessage.builder(role);
    JsonNode content = get(m, "content");
    if (content == null && role == Role.USER) {
      throw ApiError.badRequest(
          where + ".content", where + ".content: missing (expected: a string or content parts)");
    }
    b.parts(parts(content, where + ".content"));
    b.name(JsonFields.string(m, "name", where + ".name"));
    JsonNode tc = get(m, "tool_calls");
    if (tc != null) {
      if (role != Role.ASSISTANT) {
        throw ApiError.badRequest(
            where + ".tool_calls",
            where + ".tool_calls: on a " + role.wireName() + " message (expected: assistant only)");
      }
      if (!tc.isArray()) {
        throw ApiError.badRequest(
            where + ".tool_calls", where + ".tool_calls: " + kind(tc) + " (expected: an array)");
      }
      for (int j = 0; j < tc.size(); j++) {
        b.toolCall(toolCall(tc.get(j), where + ".tool_calls[" + j + "]"));
      }
    }
    if (role == Role.TOOL) {
      JsonNode id = m.get("tool_call_id");
      if (id == null || !id.isTextual() || id.asText().isBlank()) {
        throw ApiError.badRequest(
            where + ".tool_call_id",
            where
                + ".tool_call_id: "
                + (id == null ? "missing" : kind(id))
                + " (expected: the id of the tool call this result answers)");
      }
      b.toolCallId(id.asText());
    }
    b.reasoningContent(assistantOnly(role, m, "reasoning_content", where + ".reasoning_content"));
    b.refusal(assistantOnly(role, m, "refusal", where + ".refusal"));
    for (Map.Entry<String, JsonNode> e : m.properties()) {
      if (!MODELLED.contains(e.getKey())) {
        b.extra(e.getKey(), Json.MAPPER.convertValue(e.getValue(), Object.class));
      }
    }
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      throw ApiError.badRequest(where, where + ": " + e.getMessage());
    }
  }

  private static Role role(JsonNode m, String where) {
    JsonNode r = m.get("role");
    try {
      if (r == null || !r.isTextual()) {
        throw new IllegalArgumentException(r == null ? "missing" : kind(r));
      }
      return Role.fromWireName(r.asText());
    } catch (IllegalArgumentException e) {
      throw ApiError.badRequest(
          where + ".role",
          where
              + ".role: "
              + (r == null ? "missing" : kind(r))
              + " (expected: system, user, assistant or tool)");
    }
  }

  private static String assistantOnly(Role role, JsonNode m, String field, String param) {
    String v = JsonFields.string(m, field, param);
    if (v != null && role != Role.ASSISTANT) {
      throw ApiError.badRequest(
          param, param + ": on a " + role.wireName() + " message (expected: assistant only)");
    }
    return v;
  }

  /** A string (one text part), null (no parts), or an array of parts. */
  private static List<ContentPart> parts(JsonNode c, String where) {
    return ContentParts.read(c, where, MessageParser::part);
  }

  private static ContentPart part(JsonNode p, String where) {
    String type = ContentParts.type(p, where);
    switch (type) {
      case "text":
        if (hasOnly(p, TEXT_PART)) {
          return ContentPart.text(JsonFields.requiredString(p, "text", where + ".text"));
        }
        break; // a text part with more (cache_control…): kept whole, below
      case "image_url":
        JsonNode img = get(p, "image_url");
        if (img == null) {
          throw ApiError.badRequest(
              where + ".image_url",
              where + ".image_url: missing (expected: an object with an http(s): or data: url)");
        }
        if (hasOnly(p, IMAGE_PART) && img != null && (img.isTextual() || hasOnly(img, IMAGE_URL))) {
          return image(img, where + ".image_url");
        }
        break;
      case "file":
        return FileParts.read(p); // its JSON as written, and whether it is a PDF given inline
      default:
        break;
    }
    return new ContentPart.Raw(type, p.toString());
  }

  private static ContentPart image(JsonNode img, String where) {
    String url = img.isTextual() ? img.asText() : JsonFields.string(img, "url", where + ".url");
    if (url == null) {
      throw ApiError.badRequest(
          where + ".url", where + ".url: missing (expected: an http(s): or data: URL)");
    }
    String detail = img.isTextual() ? null : JsonFields.string(img, "detail", where + ".detail");
    return ContentParts.image(url, detail, where + ".url", where + ".detail");
  }

  private static boolean hasOnly(JsonNode o, Set<String> fields) {
    if (!o.isObject()) {
      return false;
    }
    for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
      if (!fields.contains(it.next())) {
        return false;
      }
    }
    return true;
  }

  private static ToolCall toolCall(JsonNode c, String where) {
    if (!c.isObject()) {
      throw ApiError.badRequest(where, where + ": " + kind(c) + " (expected: a tool call object)");
    }
    JsonNode fn = c.path("function");
    JsonNode name = fn.get("name");
    if (name == null || !name.isTextual() || name.asText().isBlank()) {
      throw ApiError.badRequest(
          where + ".function.name", where + ".function.name: missing (expected: a function name)");
    }
    JsonNode args = fn.get("arguments");
    String argsJson;
    if (args == null || args.isNull()) {
      argsJson = "{}";
    } else if (args.isTextual()) {
      argsJson = args.asText();
    } else if (args.isObject()) {
      argsJson = args.toString();
    } else {
      throw ApiError.badRequest(
          where + ".function.arguments",
          where + ".function.arguments: " + kind(args) + " (expected: a JSON string)");
    }
    String id = JsonFields.string(c, "id", where + ".id");
    // Gemini's thought signature, as its OpenAI-compatible wire carries it: kept so that a Gemini
    // route gets it back (docs/design.md §13).
    JsonNode sig = c.path("extra_content").path("google").path("thought_signature");
    return new ToolCall(id, name.asText(), argsJson, sig.isTextual() ? sig.asText() : null);
  }
}
