package dev.orchestrator.serve.responses;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.PdfPart;
import dev.orchestrator.engine.chat.Thinking;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.serve.http.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * A stored conversation as bytes: the engine's messages written as Responses input items and read
 * back by {@link InputItems}, so that what {@code previous_response_id} replays is exactly what a
 * client could have sent as {@code input}. An assistant turn's signed thinking blocks (an Anthropic
 * route's) are kept in its {@code reasoning} item's {@code encrypted_content}, in a form of this
 * class's own ({@link #sealed}), so that the conversation goes back to Anthropic with them
 * (docs/design.md §13); an answer asked for {@code reasoning.encrypted_content} carries the same
 * form, for a client that sends its history back itself. Stateless.
 */
final class Conversation {
  /** The start of an {@code encrypted_content} that {@link #sealed} wrote. */
  static final String SEALED = "orchestrator.thinking.v1:";

  private Conversation() {}

  /** {@code messages} as a JSON array of input items. */
  static byte[] encode(List<ChatMessage> messages) {
    ArrayNode items = Json.MAPPER.createArrayNode();
    for (ChatMessage m : messages) {
      switch (m.role()) {
        case SYSTEM, USER -> {
          ObjectNode o = items.addObject().put("type", "message").put("role", m.role().wireName());
          o.set("content", parts(m.parts()));
        }
        case ASSISTANT -> assistant(m, items);
        case TOOL -> {
          ObjectNode o = items.addObject().put("type", "function_call_output");
          o.put("call_id", m.toolCallId());
          if (m.parts().isEmpty()) {
            o.put("output", "");
          } else if (m.parts().size() == 1 && m.parts().get(0) instanceof ContentPart.Text t) {
            o.put("output", t.text());
          } else {
            o.set("output", parts(m.parts()));
          }
        }
      }
    }
    try {
      return Json.MAPPER.writeValueAsBytes(items);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The messages {@link #encode} wrote. */
  static List<ChatMessage> decode(byte[] json) {
    try {
      return InputItems.read(Json.MAPPER.readTree(json), new ArrayList<>());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void assistant(ChatMessage m, ArrayNode items) {
    boolean reasoned = m.reasoningContent() != null || !m.thinking().isEmpty();
    if (reasoned) {
      ObjectNode r = items.addObject().put("type", "reasoning");
      ArrayNode summary = r.putArray("summary");
      if (m.reasoningContent() != null) {
        summary.add(OutputItem.Reasoning.summaryPart(m.reasoningContent()));
      }
      if (!m.thinking().isEmpty()) {
        r.put("encrypted_content", sealed(m.thinking()));
      }
    }
    boolean bare = m.toolCalls().isEmpty() && !reasoned;
    if (!m.parts().isEmpty() || m.refusal() != null || bare) {
      ObjectNode o = items.addObject().put("type", "message").put("role", "assistant");
      ArrayNode content = o.putArray("content");
      for (ContentPart p : m.parts()) {
        if (p instanceof ContentPart.Text t) {
          content.add(OutputItem.Message.textPart(t.text()));
        }
      }
      if (m.refusal() != null) {
        content.add(OutputItem.Message.refusalPart(m.refusal()));
      }
    }
    for (ToolCall c : m.toolCalls()) {
      ObjectNode o =
          items
              .addObject()
              .put("type", "function_call")
              .put("call_id", c.id())
              .put("name", c.name())
              .put("arguments", c.argumentsJson());
      OutputItem.FunctionCall.signature(o, c.thoughtSignature());
    }
  }

  /**
   * {@code blocks} as one string: {@value #SEALED}, then the blocks as Anthropic writes them (a
   * JSON array of {@code thinking} and {@code redacted_thinking} blocks), base64url-encoded.
   */
  static String sealed(List<Thinking> blocks) {
    ArrayNode out = Json.MAPPER.createArrayNode();
    for (Thinking t : blocks) {
      if (t.isRedacted()) {
        out.addObject().put("type", "redacted_thinking").put("data", t.redactedData());
      } else {
        ObjectNode o = out.addObject().put("type", "thinking").put("thinking", t.text());
        o.put("signature", t.signature());
      }
    }
    byte[] json = out.toString().getBytes(StandardCharsets.UTF_8);
    return SEALED + Base64.getUrlEncoder().withoutPadding().encodeToString(json);
  }

  /**
   * The blocks {@link #sealed} wrote into {@code encrypted} (a block without a signature stays
   * unsigned, and goes to no route), or {@code null} when {@code encrypted} is not of that form
   * (another server's encrypted reasoning).
   */
  static List<Thinking> unsealed(String encrypted) {
    if (!encrypted.startsWith(SEALED)) {
      return null;
    }
    JsonNode blocks;
    try {
      byte[] json = Base64.getUrlDecoder().decode(encrypted.substring(SEALED.length()));
      blocks = Json.MAPPER.readTree(json);
    } catch (IllegalArgumentException | IOException e) {
      return null;
    }
    if (blocks == null || !blocks.isArray()) {
      return null;
    }
    List<Thinking> out = new ArrayList<>();
    for (JsonNode b : blocks) {
      if (b.path("type").asText().equals("redacted_thinking") && b.path("data").isTextual()) {
        out.add(Thinking.redacted(b.get("data").asText()));
      } else if (b.path("type").asText().equals("thinking") && b.path("thinking").isTextual()) {
        String signature = b.path("signature").isTextual() ? b.get("signature").asText() : null;
        out.add(Thinking.of(b.get("thinking").asText(), signature));
      } else {
        return null;
      }
    }
    return out;
  }

  private static ArrayNode parts(List<ContentPart> parts) {
    ArrayNode out = Json.MAPPER.createArrayNode();
    for (ContentPart p : parts) {
      if (p instanceof ContentPart.Text t) {
        out.addObject().put("type", "input_text").put("text", t.text());
      } else if (p instanceof ContentPart.Image i) {
        ObjectNode o = out.addObject().put("type", "input_image").put("image_url", i.asUrl());
        if (i.detail() != null) {
          o.put("detail", i.detail());
        }
      } else if (p instanceof ContentPart.File f) {
        // A Chat Completions file part: from an input_file, or a PDF built from its facts.
        ObjectNode o = out.addObject().put("type", "input_file");
        if (f.json() == null) {
          PdfPart.Inline pdf = (PdfPart.Inline) f.pdf();
          o.put("file_data", pdf.dataUrl());
          if (pdf.filename() != null) {
            o.put("filename", pdf.filename());
          }
        } else {
          try {
            JsonNode file = Json.MAPPER.readTree(f.json()).path("file");
            file.properties().forEach(e -> o.set(e.getKey(), e.getValue()));
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
      } else if (p instanceof ContentPart.Raw r) {
        // The Responses front makes no raw part; an input item has no place for one.
        throw new IllegalStateException(
            "content part " + r.type() + ": no Responses input item (expected: text, image, file)");
      }
    }
    return out;
  }
}
