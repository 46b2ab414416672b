package dev.orchestrator.serve.responses;

import static dev.orchestrator.serve.http.JsonFields.get;
import static dev.orchestrator.serve.http.JsonFields.kind;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.serve.front.ContentParts;
import dev.orchestrator.serve.front.FileParts;
import dev.orchestrator.serve.http.ApiError;
import dev.orchestrator.serve.http.Json;
import dev.orchestrator.serve.http.JsonFields;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Reads the {@code input} of a Responses request into the engine's messages (docs/reference.md,
 * "OpenAI Responses"). A string is one user message; an array holds items: {@code message} (role
 * {@code user}, {@code assistant}, {@code system} or {@code developer}; content a string or {@code
 * input_text}, {@code input_image}, {@code input_file}, {@code output_text} and {@code refusal}
 * parts), {@code function_call} (with Gemini's thought signature where Gemini's OpenAI wire puts
 * it, {@code extra_content.google.thought_signature}), {@code function_call_output} and {@code
 * reasoning}. The items of one assistant turn — reasoning, its message, its function calls — become
 * one assistant message, as the engine (and Chat Completions) says it. A reasoning item's {@code
 * encrypted_content} as this server writes it — a stored conversation, or an answer whose {@code
 * include} asked for it — gives the turn its signed thinking blocks ({@link Conversation#sealed});
 * any other (another server's), which no route here can replay, and item fields with no meaning for
 * the answer are dropped and named; an item type the engine cannot say is a {@code 400} naming it.
 * Stateless.
 */
final class InputItems {
  /** Item fields that identify an item without changing what it says. */
  private static final Set<String> IDENTITY = Set.of("id", "status");

  private static final Set<String> MESSAGE = Set.of("type", "role", "content", "id", "status");
  private static final Set<String> CALL =
      Set.of("type", "call_id", "name", "arguments", "extra_content", "id", "status");
  private static final Set<String> CALL_OUTPUT =
      Set.of("type", "call_id", "output", "id", "status");
  private static final Set<String> REASONING =
      Set.of("type", "summary", "content", "encrypted_content", "id", "status");

  private InputItems() {}

  /**
   * The messages {@code input} says; fields dropped are added to {@code dropped}.
   *
   * @throws ApiError {@code 400} naming the item or field
   */
  static List<ChatMessage> read(JsonNode input, List<String> dropped) {
    return read(input, dropped, new ArrayList<>());
  }

  /**
   * The messages {@code input} says, as {@link #read(JsonNode, List)}; {@code at} gets the path of
   * each message's item (a {@code function_call_output}'s {@code call_id}), in message order.
   *
   * @throws ApiError {@code 400} naming the item or field
   */
  static List<ChatMessage> read(JsonNode input, List<String> dropped, List<String> at) {
    if (input == null) {
      return List.of();
    }
    if (input.isTextual()) {
      at.add("input");
      return List.of(ChatMessage.user(input.asText()));
    }
    if (!input.isArray()) {
      throw ApiError.badRequest(
          "input", "input: " + kind(input) + " (expected: a string or an array of items)");
    }
    Turns turns = new Turns(at);
    for (int i = 0; i < input.size(); i++) {
      item(input.get(i), "input[" + i + "]", turns, dropped);
    }
    turns.flush();
    return turns.messages;
  }

  /** The messages being built; the assistant turn stays open while its items follow each other. */
  private static final class Turns {
    final List<ChatMessage> messages = new ArrayList<>();
    final List<String> at; // where each message comes from
    ChatMessage.Builder assistant;
    boolean hasMessage; // the open turn has its message item
    boolean hasCalls;
    boolean hasReasoning;
    final StringBuilder reasoning = new StringBuilder();
    final List<Thinking> thinking = new ArrayList<>();
    String where;

    Turns(List<String> at) {
      this.at = at;
    }

    /**
     * The open assistant turn for an item of {@code kind}, after closing the one before when the
     * item starts a new turn: reasoning after output, a message after a message or a call.
     */
    ChatMessage.Builder open(String at, String kind) {
      if (!kind.equals("function_call") && (hasMessage || hasCalls)) {
        flush();
      }
      if (assistant == null) {
        assistant = ChatMessage.builder(Role.ASSISTANT);
        where = at;
      }
      hasMessage |= kind.equals("message");
      hasCalls |= kind.equals("function_call");
      return assistant;
    }

    void add(ChatMessage m, String from) {
      flush();
      messages.add(m);
      at.add(from);
    }

    void flush() {
      if (assistant == null) {
        return;
      }
      if (hasReasoning) {
        assistant.reasoningContent(reasoning.toString());
      }
      assistant.thinking(thinking);
      messages.add(build(assistant, where));
      at.add(where);
      assistant = null;
      hasMessage = false;
      hasCalls = false;
      hasReasoning = false;
      reasoning.setLength(0);
      thinking.clear();
    }
  }

  private static void item(JsonNode item, String where, Turns turns, List<String> dropped) {
    if (!item.isObject()) {
      throw ApiError.badRequest(where, where + ": " + kind(item) + " (expected: an input item)");
    }
    String type = JsonFields.string(item, "type", where + ".type");
    if (type == null) {
      if (!item.has("role")) {
        throw ApiError.badRequest(
            where + ".type", where + ".type: missing (expected: message, function_call, …)");
      }
      type = "message";
    }
    switch (type) {
      case "message" -> message(item, where, turns, dropped);
      case "function_call" -> functionCall(item, where, turns, dropped);
      case "function_call_output" -> callOutput(item, where, turns, dropped);
      case "reasoning" -> reasoning(item, where, turns, dropped);
      default ->
          throw ApiError.badRequest(
              where + ".type",
              where
                  + ".type: '"
                  + type
                  + "' (expected: message, function_call, function_call_output or reasoning;"
                  + " hosted-tool items and item references have no route here)");
    }
  }

  private static void message(JsonNode m, String where, Turns turns, List<String> dropped) {
    extraFields(m, MESSAGE, where, dropped);
    String r = JsonFields.string(m, "role", where + ".role");
    Role role;
    if (r == null) {
      throw ApiError.badRequest(
          where + ".role",
          where + ".role: missing (expected: user, assistant, system or developer)");
    }
    switch (r) {
      case "user" -> role = Role.USER;
      case "assistant" -> role = Role.ASSISTANT;
      case "system", "developer" -> role = Role.SYSTEM;
      default ->
          throw ApiError.badRequest(
              where + ".role",
              where + ".role: '" + r + "' (expected: user, assistant, system or developer)");
    }
    JsonNode content = get(m, "content");
    if (content == null) {
      throw ApiError.badRequest(
          where + ".content", where + ".content: missing (expected: a string or content parts)");
    }
    if (role == Role.ASSISTANT) {
      ChatMessage.Builder b = turns.open(where, "message");
      assistantContent(content, where + ".content", b);
      return;
    }
    ChatMessage.Builder b = ChatMessage.builder(role);
    b.parts(parts(content, where + ".content", role));
    turns.add(build(b, where), where);
  }

  private static void assistantContent(JsonNode c, String where, ChatMessage.Builder b) {
    if (c.isTextual()) {
      if (!c.asText().isEmpty()) {
        b.text(c.asText());
      }
      return;
    }
    if (!c.isArray()) {
      throw ApiError.badRequest(
          where, where + ": " + kind(c) + " (expected: a string or an array of content parts)");
    }
    StringBuilder refusal = null;
    for (int i = 0; i < c.size(); i++) {
      JsonNode p = c.get(i);
      String at = where + "[" + i + "]";
      String type = ContentParts.type(p, at);
      switch (type) {
        case "output_text", "input_text" -> b.text(required(p, "text", at));
        case "refusal" -> {
          refusal = refusal == null ? new StringBuilder() : refusal;
          refusal.append(required(p, "refusal", at));
        }
        default ->
            throw ApiError.badRequest(
                at + ".type",
                at
                    + ".type: '"
                    + type
                    + "' (expected: output_text or refusal in an assistant item)");
      }
    }
    if (refusal != null) {
      b.refusal(refusal.toString());
    }
  }

  /** The parts of a user or system message, or of a function call's output. */
  private static List<ContentPart> parts(JsonNode c, String where, Role role) {
    return ContentParts.read(
        c,
        where,
        (p, at) -> {
          String type = ContentParts.type(p, at);
          return switch (type) {
            case "input_text", "output_text" -> ContentPart.text(required(p, "text", at));
            case "input_image" -> image(p, at, role);
            case "input_file" -> file(p, at);
            default ->
                throw ApiError.badRequest(
                    at + ".type",
                    at + ".type: '" + type + "' (expected: input_text, input_image or input_file)");
          };
        });
  }

  /** The string {@code field} of {@code o} at {@code at}, which must be there. */
  private static String required(JsonNode o, String field, String at) {
    return JsonFields.requiredString(o, field, at + "." + field);
  }

  private static ContentPart image(JsonNode p, String at, Role role) {
    if (role == Role.SYSTEM) {
      throw ApiError.badRequest(at, at + ": an image in a system message (expected: user only)");
    }
    if (get(p, "file_id") != null) {
      throw ApiError.badRequest(
          at + ".file_id",
          at + ".file_id: an uploaded file no route here can read (expected: image_url)");
    }
    String url = JsonFields.string(p, "image_url", at + ".image_url");
    if (url == null) {
      throw ApiError.badRequest(
          at + ".image_url", at + ".image_url: missing (expected: an http(s): or data: URL)");
    }
    String detail = JsonFields.string(p, "detail", at + ".detail");
    return ContentParts.image(url, detail, at + ".image_url", at + ".detail");
  }

  /**
   * An {@code input_file} part, said as Chat Completions' {@code file} part (routes of the OpenAI
   * protocol read it; an Anthropic route reads it when it is a PDF given inline, and is excluded by
   * planning naming the field otherwise: {@link FileParts}).
   */
  private static ContentPart file(JsonNode p, String at) {
    if (get(p, "file_url") != null) {
      throw ApiError.badRequest(
          at + ".file_url", at + ".file_url: no route here fetches files (expected: file_data)");
    }
    ObjectNode part = Json.MAPPER.createObjectNode().put("type", "file");
    ObjectNode file = part.putObject("file");
    for (String f : List.of("file_id", "file_data", "filename")) {
      String v = JsonFields.string(p, f, at + "." + f);
      if (v != null) {
        file.put(f, v);
      }
    }
    if (file.isEmpty()) {
      throw ApiError.badRequest(at, at + ": an empty file (expected: file_data or file_id)");
    }
    return FileParts.read(part);
  }

  private static void functionCall(JsonNode c, String where, Turns turns, List<String> dropped) {
    extraFields(c, CALL, where, dropped);
    String callId = required(c, "call_id", where);
    String name = required(c, "name", where);
    JsonNode args = get(c, "arguments");
    String json;
    if (args == null) {
      json = "{}";
    } else if (args.isTextual()) {
      json = args.asText();
    } else {
      throw ApiError.badRequest(
          where + ".arguments",
          where + ".arguments: " + kind(args) + " (expected: the arguments as a JSON string)");
    }
    String signature = thoughtSignature(c, where, dropped);
    turns.open(where, "function_call").toolCall(new ToolCall(callId, name, json, signature));
  }

  /**
   * Gemini's thought signature of a call ({@code extra_content.google.thought_signature}), or
   * {@code null}; anything else in {@code extra_content} is named as dropped.
   */
  private static String thoughtSignature(JsonNode c, String where, List<String> dropped) {
    JsonNode extra = get(c, "extra_content");
    if (extra == null) {
      return null;
    }
    String at = where + ".extra_content";
    JsonNode google = extra.isObject() ? get(extra, "google") : null;
    String signature =
        google != null && google.isObject()
            ? JsonFields.string(google, "thought_signature", at + ".google.thought_signature")
            : null;
    if (signature == null || extra.size() > 1 || google.size() > 1) {
      dropped.add(at);
    }
    return signature;
  }

  private static void callOutput(JsonNode o, String where, Turns turns, List<String> dropped) {
    extraFields(o, CALL_OUTPUT, where, dropped);
    String callId = required(o, "call_id", where);
    JsonNode output = get(o, "output");
    if (output == null) {
      throw ApiError.badRequest(
          where + ".output", where + ".output: missing (expected: a string or content parts)");
    }
    ChatMessage.Builder b = ChatMessage.builder(Role.TOOL).toolCallId(callId);
    b.parts(parts(output, where + ".output", Role.TOOL));
    turns.add(build(b, where), where + ".call_id");
  }

  private static void reasoning(JsonNode r, String where, Turns turns, List<String> dropped) {
    extraFields(r, REASONING, where, dropped);
    JsonNode encrypted = get(r, "encrypted_content");
    List<Thinking> signed =
        encrypted != null && encrypted.isTextual()
            ? Conversation.unsealed(encrypted.asText())
            : null;
    if (encrypted != null && signed == null) {
      dropped.add(where + ".encrypted_content");
    }
    String text = reasoningText(r, "summary", "summary_text", where);
    if (text == null) {
      text = reasoningText(r, "content", "reasoning_text", where);
    }
    if (text == null && signed == null) {
      return; // nothing a route can read: only an id or another server's encrypted blob
    }
    turns.open(where, "reasoning");
    if (signed != null) {
      turns.thinking.addAll(signed);
    }
    if (text == null) {
      return;
    }
    if (turns.hasReasoning) {
      turns.reasoning.append("\n\n");
    }
    turns.hasReasoning = true;
    turns.reasoning.append(text);
  }

  /** The texts of {@code field}'s parts of {@code type}, joined; {@code null} when none. */
  private static String reasoningText(JsonNode r, String field, String type, String where) {
    JsonNode parts = get(r, field);
    if (parts == null) {
      return null;
    }
    String at = where + "." + field;
    if (!parts.isArray()) {
      throw ApiError.badRequest(at, at + ": " + kind(parts) + " (expected: an array of parts)");
    }
    StringBuilder sb = null;
    for (int i = 0; i < parts.size(); i++) {
      String p = at + "[" + i + "]";
      String t = ContentParts.type(parts.get(i), p);
      if (!t.equals(type)) {
        throw ApiError.badRequest(p + ".type", p + ".type: '" + t + "' (expected: " + type + ")");
      }
      String text = required(parts.get(i), "text", p);
      sb = sb == null ? new StringBuilder() : sb.append("\n\n");
      sb.append(text);
    }
    return sb == null ? null : sb.toString();
  }

  /** Names every field of {@code o} outside {@code known} as dropped (never silently). */
  private static void extraFields(
      JsonNode o, Set<String> known, String where, List<String> dropped) {
    for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!known.contains(f) && !IDENTITY.contains(f)) {
        dropped.add(where + "." + f);
      }
    }
  }

  private static ChatMessage build(ChatMessage.Builder b, String where) {
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      throw ApiError.badRequest(where, where + ": " + e.getMessage());
    }
  }
}
