package dev.orchestrator.providers.internal.anthropic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.NativeRequest;
import dev.orchestrator.engine.chat.PdfPart;
import dev.orchestrator.engine.chat.ReasoningEffort;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.engine.chat.ToolChoice;
import dev.orchestrator.engine.chat.ToolDefinition;
import dev.orchestrator.engine.plan.FieldGap;
import dev.orchestrator.engine.plan.ProtocolFit;
import dev.orchestrator.providers.internal.wire.Json;
import dev.orchestrator.providers.internal.wire.RequestEncodingException;
import dev.orchestrator.providers.internal.wire.WireSupport;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Translates a {@link ChatRequest} into an Anthropic Messages body, field by field as the table in
 * {@code providers/README.md} says; the history arrives already adapted to Anthropic ({@link
 * dev.orchestrator.providers.internal.history.HistoryNormaliser}, once per attempt, by the client).
 * A request with a field that has no equivalent ({@link ProtocolFit}) is refused here too, so that
 * a route reached without planning still never drops one silently. Stateless, thread-safe.
 */
final class AnthropicRequests {
  private AnthropicRequests() {}

  static ObjectNode encode(ChatRequest r, Route route) throws RequestEncodingException {
    NativeRequest n = r.nativeRequest();
    if (n != null && n.appliesTo(Protocol.ANTHROPIC_MESSAGES, r)) {
      return passThrough(n, r, route);
    }
    FieldGap gap = ProtocolFit.firstGap(r, Protocol.ANTHROPIC_MESSAGES);
    if (gap != null) {
      throw new RequestEncodingException(gap.detail());
    }
    ObjectNode body = Json.MAPPER.createObjectNode();
    body.put("model", route.model());
    int budget = thinkingBudget(r.reasoningEffort());
    int maxTokens = maxTokens(r, route, budget);
    body.put("max_tokens", maxTokens);
    StringBuilder system = new StringBuilder();
    ArrayNode messages = Json.MAPPER.createArrayNode();
    String role = null;
    ArrayNode blocks = null;
    for (ChatMessage m : r.messages()) {
      if (m.role() == Role.SYSTEM) {
        system.append(system.length() > 0 ? "\n\n" : "").append(m.content());
        continue;
      }
      String wireRole = m.role() == Role.ASSISTANT ? "assistant" : "user";
      if (!wireRole.equals(role)) {
        // The API wants alternating turns: consecutive same-role messages become one.
        ObjectNode msg = messages.addObject();
        msg.put("role", wireRole);
        blocks = msg.putArray("content");
        role = wireRole;
      }
      blocks(m, blocks);
    }
    if (system.length() > 0) {
      body.put("system", system.toString());
    }
    body.set("messages", messages);
    if (!r.tools().isEmpty()) {
      ArrayNode tools = body.putArray("tools");
      for (ToolDefinition t : r.tools()) {
        ObjectNode tool = tools.addObject();
        tool.put("name", t.name());
        if (t.description() != null) {
          tool.put("description", t.description());
        }
        tool.set("input_schema", inputSchema(t));
      }
    }
    ObjectNode choice = toolChoice(r);
    if (choice != null) {
      body.set("tool_choice", choice);
    }
    if (r.temperature() != null) {
      body.put("temperature", r.temperature());
    }
    if (r.topP() != null) {
      body.put("top_p", r.topP());
    }
    if (!r.stop().isEmpty()) {
      ArrayNode stop = body.putArray("stop_sequences");
      r.stop().forEach(stop::add);
    }
    if (r.user() != null) {
      body.putObject("metadata").put("user_id", r.user());
    }
    if (budget > 0) {
      ObjectNode thinking = body.putObject("thinking");
      thinking.put("type", "enabled");
      thinking.put("budget_tokens", Math.min(budget, maxTokens - 1));
    }
    if (r.stream()) {
      body.put("stream", true); // usage always streams: stream_options.include_usage is implied
    }
    return body;
  }

  /**
   * The caller's own Messages body, unchanged but for the route's model, the stream flag and, when
   * the history normaliser runs this request without thinking, its {@code thinking}: what the
   * engine does not model (cache control, citations, signatures, beta fields) reaches the route as
   * the agent sent it. The Messages front gives every {@code "enabled"} thinking a reasoning
   * effort, so a request that reaches here with none has had thinking turned off for this attempt
   * ({@code HistoryNormaliser.Normalised#thinkingOff}: a tool loop whose assistant turn carries no
   * thinking block Anthropic signed, which Anthropic refuses with thinking on).
   */
  private static ObjectNode passThrough(NativeRequest n, ChatRequest r, Route route)
      throws RequestEncodingException {
    JsonNode body;
    try {
      body = Json.MAPPER.readTree(n.body());
    } catch (IOException e) {
      throw new RequestEncodingException("the caller's Messages body is not JSON");
    }
    if (!(body instanceof ObjectNode o)) {
      throw new RequestEncodingException("the caller's Messages body is not a JSON object");
    }
    o.put("model", route.model());
    o.remove("provider"); // the orchestrator's own routing preferences, not Anthropic's
    if (r.reasoningEffort() == null && "enabled".equals(o.path("thinking").path("type").asText())) {
      o.remove("thinking"); // turned off for this attempt by the history normaliser, and named
    }
    if (r.stream()) {
      o.put("stream", true);
    } else {
      o.remove("stream");
    }
    return o;
  }

  private static int thinkingBudget(ReasoningEffort e) {
    return e == null ? 0 : e.anthropicBudgetTokens();
  }

  /**
   * The required {@code max_tokens}: the caller's limit under either name; else the route's output
   * limit, else {@link AnthropicWire#DEFAULT_MAX_TOKENS} (plus the thinking budget, which Anthropic
   * counts inside {@code max_tokens}, as OpenAI counts reasoning inside {@code
   * max_completion_tokens}).
   */
  private static int maxTokens(ChatRequest r, Route route, int budget)
      throws RequestEncodingException {
    Integer limit = r.outputTokenLimit();
    Integer routeMax =
        route.maxOutputTokens() != null && route.maxOutputTokens() > 0
            ? route.maxOutputTokens()
            : null;
    int max;
    if (limit != null) {
      max = limit;
    } else if (budget > 0) {
      max = budget + AnthropicWire.DEFAULT_MAX_TOKENS;
      max = routeMax == null ? max : Math.min(max, routeMax);
    } else {
      max = routeMax == null ? AnthropicWire.DEFAULT_MAX_TOKENS : routeMax;
    }
    if (budget > 0 && max <= ProtocolFit.ANTHROPIC_MIN_THINKING_BUDGET) {
      throw new RequestEncodingException(
          "reasoning_effort: the route allows "
              + max
              + " output tokens (expected: over "
              + ProtocolFit.ANTHROPIC_MIN_THINKING_BUDGET
              + " for thinking)");
    }
    return max;
  }

  private static ObjectNode toolChoice(ChatRequest r) {
    ToolChoice c = r.toolChoice();
    boolean noParallel = Boolean.FALSE.equals(r.parallelToolCalls()) && !r.tools().isEmpty();
    if (c == null && !noParallel) {
      return null;
    }
    ObjectNode o = Json.MAPPER.createObjectNode();
    ToolChoice.Mode mode = c == null ? ToolChoice.Mode.AUTO : c.mode();
    switch (mode) {
      case NONE:
        o.put("type", "none");
        return o; // no calls, so nothing to run in parallel
      case REQUIRED:
        o.put("type", "any");
        break;
      case FUNCTION:
        o.put("type", "tool");
        o.put("name", c.functionName());
        break;
      case AUTO:
      default:
        o.put("type", "auto");
        break;
    }
    if (noParallel) {
      o.put("disable_parallel_tool_use", true);
    }
    return o;
  }

  private static void blocks(ChatMessage m, ArrayNode out) throws RequestEncodingException {
    if (m.role() == Role.TOOL) {
      ObjectNode result = out.addObject();
      result.put("type", "tool_result");
      result.put("tool_use_id", m.toolCallId());
      if (m.toolError()) {
        result.put("is_error", true);
      }
      if (m.textOnly()) {
        result.put("content", m.content());
      } else {
        ArrayNode content = result.putArray("content");
        for (ContentPart p : m.parts()) {
          content.add(part(p));
        }
      }
      return;
    }
    // A message joined to a turn that does not start with thinking (its text, written as an
    // assistant message of its own) puts its thinking first: with thinking on, Anthropic refuses a
    // tool loop's turn that does not start with a thinking block. A turn that does start with one
    // keeps its blocks in their order (interleaved thinking comes back as it was produced).
    int at = out.isEmpty() || isThinking(out.get(0)) ? -1 : 0;
    for (Thinking t : m.thinking()) {
      // Only blocks Anthropic signed go back to it: it rejects a thinking block without one.
      ObjectNode block = Json.MAPPER.createObjectNode();
      if (t.isRedacted()) {
        block.put("type", "redacted_thinking").put("data", t.redactedData());
      } else if (t.signature() != null) {
        block.put("type", "thinking").put("thinking", t.text()).put("signature", t.signature());
      } else {
        continue;
      }
      if (at < 0) {
        out.add(block);
      } else {
        out.insert(at++, block);
      }
    }
    for (ContentPart p : m.parts()) {
      if (p instanceof ContentPart.Text t && t.text().isBlank()) {
        continue; // Anthropic rejects empty and whitespace-only text blocks; they say nothing
      }
      out.add(part(p));
    }
    for (ToolCall c : m.toolCalls()) {
      ObjectNode use = out.addObject();
      use.put("type", "tool_use");
      use.put("id", c.id());
      use.put("name", c.name());
      use.set(
          "input",
          WireSupport.parseCallerJson(c.argumentsJson(), "tool call '" + c.name() + "' arguments"));
    }
  }

  /** Whether {@code block} is a thinking or redacted thinking block. */
  static boolean isThinking(JsonNode block) {
    String type = block.path("type").asText();
    return type.equals("thinking") || type.equals("redacted_thinking");
  }

  /**
   * A tool's parameter schema as Anthropic's {@code input_schema}, which must say {@code "type":
   * "object"}: a schema naming no type ({@code {}}, which OpenAI takes for a tool without
   * parameters, or {@code {"properties": …}}) gets it, first. {@link ToolDefinition} takes no
   * schema but an object whose {@code type}, when given, is {@code "object"}.
   */
  private static JsonNode inputSchema(ToolDefinition t) {
    JsonNode schema = WireSupport.schema(t);
    if (!(schema instanceof ObjectNode o) || o.has("type")) {
      return schema;
    }
    ObjectNode typed = Json.MAPPER.createObjectNode().put("type", "object");
    typed.setAll(o);
    return typed;
  }

  /**
   * The media type an inline image is sent under: the one its first bytes show when they are JPEG,
   * PNG, GIF or WebP, else the declared one ({@code image/jpg} as {@code image/jpeg}). OpenAI reads
   * an image whatever its {@code data:} URL says; Anthropic refuses a type the bytes contradict and
   * any name but those four, so a history another protocol accepted would not be sent.
   */
  static String mediaType(ContentPart.Image i) {
    String data = i.base64Data();
    byte[] head;
    try {
      head = Base64.getMimeDecoder().decode(data.substring(0, Math.min(data.length(), 16) & ~3));
    } catch (IllegalArgumentException notBase64) {
      head = new byte[0];
    }
    if (startsWith(head, 0xFF, 0xD8, 0xFF)) {
      return "image/jpeg";
    }
    if (startsWith(head, 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A)) {
      return "image/png";
    }
    if (startsWith(head, 'G', 'I', 'F', '8')) {
      return "image/gif";
    }
    if (startsWith(head, 'R', 'I', 'F', 'F')
        && head.length >= 12
        && head[8] == 'W'
        && head[9] == 'E'
        && head[10] == 'B'
        && head[11] == 'P') {
      return "image/webp";
    }
    String declared = i.mediaType();
    return declared.equalsIgnoreCase("image/jpg") ? "image/jpeg" : declared;
  }

  private static boolean startsWith(byte[] bytes, int... prefix) {
    if (bytes.length < prefix.length) {
      return false;
    }
    for (int k = 0; k < prefix.length; k++) {
      if ((bytes[k] & 0xFF) != prefix[k]) {
        return false;
      }
    }
    return true;
  }

  private static ObjectNode part(ContentPart p) throws RequestEncodingException {
    ObjectNode o = Json.MAPPER.createObjectNode();
    if (p instanceof ContentPart.Text t) {
      o.put("type", "text");
      o.put("text", t.text());
      return o;
    }
    if (p instanceof ContentPart.Image i) {
      o.put("type", "image");
      ObjectNode source = o.putObject("source");
      if (i.inline()) {
        source.put("type", "base64");
        source.put("media_type", mediaType(i));
        source.put("data", i.base64Data());
      } else {
        source.put("type", "url");
        source.put("url", i.url());
      }
      return o;
    }
    if (p instanceof ContentPart.File file && file.pdf() instanceof PdfPart.Inline pdf) {
      return document(pdf);
    }
    // ProtocolFit refuses every other file part and every raw part before we get here.
    throw new RequestEncodingException(
        "content part " + p.type() + ": no anthropic-messages equivalent");
  }

  /**
   * A PDF given inline in a chat completions {@code file} part as Anthropic's {@code document}
   * block: {@code {"type": "document", "source": {"type": "base64", "media_type":
   * "application/pdf", "data": …}, "title": …}}, the data as written and {@code file.filename} as
   * the optional title (anthropics/anthropic-sdk-python {@code DocumentBlockParam}, {@code
   * Base64PDFSourceParam}; https://platform.claude.com/docs/en/build-with-claude/pdf-support). The
   * history normaliser's caller names the translation in the trace ({@link #pdfTranslations}).
   */
  private static ObjectNode document(PdfPart.Inline pdf) {
    ObjectNode o = Json.MAPPER.createObjectNode();
    o.put("type", "document");
    ObjectNode source = o.putObject("source");
    source.put("type", "base64");
    source.put("media_type", PdfPart.PDF);
    source.put("data", pdf.base64Data());
    if (pdf.filename() != null) {
      o.put("title", pdf.filename());
    }
    return o;
  }

  /**
   * One trace entry per PDF {@code file} part of {@code r} that goes to Anthropic as a {@code
   * document} block ({@code messages[i].content[j]: …}, the caller's indexes), in message order:
   * the translation changes the part's form, so it is named like every other adaptation of a
   * history (ADR 0036, addendum). Empty for a request without one.
   */
  static List<String> pdfTranslations(ChatRequest r) {
    List<String> out = new ArrayList<>();
    List<ChatMessage> messages = r.messages();
    for (int i = 0; i < messages.size(); i++) {
      List<ContentPart> parts = messages.get(i).parts();
      for (int j = 0; j < parts.size(); j++) {
        if (parts.get(j) instanceof ContentPart.File file
            && file.pdf() instanceof PdfPart.Inline pdf) {
          out.add(
              "messages["
                  + i
                  + "].content["
                  + j
                  + "]: PDF file part sent as a document block"
                  + (pdf.filename() == null ? "" : ", file.filename as its title")
                  + " (anthropic-messages reads a PDF only in one)");
        }
      }
    }
    return out;
  }
}
