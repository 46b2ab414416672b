package dev.orchestrator.serve.responses;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.PdfPart;
import dev.orchestrator.engine.chat.ToolCall;
import dev.orchestrator.serve.http.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A stored conversation as bytes: the engine's messages written as Responses input items and read
 * back by {@link InputItems}, so that what {@code previous_response_id} replays is exactly what a
 * client could have sent as {@code input}. Stateless.
 */
final class Conversation {
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
    if (m.reasoningContent() != null) {
      items
          .addObject()
          .put("type", "reasoning")
          .putArray("summary")
          .add(OutputItem.Reasoning.summaryPart(m.reasoningContent()));
    }
    boolean bare = m.toolCalls().isEmpty() && m.reasoningContent() == null;
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
