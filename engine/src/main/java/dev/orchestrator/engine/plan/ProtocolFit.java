package dev.orchestrator.engine.plan;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.chat.ChatMessage;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.ContentPart;
import dev.orchestrator.engine.chat.NativeRequest;
import dev.orchestrator.engine.chat.PdfPart;
import dev.orchestrator.engine.chat.ReasoningEffort;
import dev.orchestrator.engine.chat.Role;
import dev.orchestrator.engine.chat.ToolChoice;
import java.util.List;

/**
 * Which request fields a wire protocol can express (docs/design.md §9; the table is in {@code
 * providers/README.md}). OpenAI chat completions expresses everything the engine models, and gets
 * unknown fields unchanged; Anthropic Messages gets a translation of every field that has an
 * equivalent, and a route speaking it is excluded when a field has none. Stateless, thread-safe.
 */
public final class ProtocolFit {
  /** Anthropic's smallest thinking budget. */
  public static final int ANTHROPIC_MIN_THINKING_BUDGET = 1024;

  private ProtocolFit() {}

  /**
   * The first field of {@code r} that {@code protocol} cannot express, or {@code null} when a route
   * of that protocol can honour the whole request.
   */
  public static FieldGap firstGap(ChatRequest r, Protocol protocol) {
    NativeRequest n = r.nativeRequest();
    if (n != null) {
      if (n.protocol() == protocol) {
        return null; // the caller's own body is sent as it is
      }
      if (!n.contract().isEmpty()) {
        return new FieldGap(
            n.contract().get(0), "only " + n.protocol().wireName() + " routes honour it");
      }
    }
    switch (protocol) {
      case OPENAI_CHAT:
        return null;
      case ANTHROPIC_MESSAGES:
        return anthropicGap(r);
    }
    throw new AssertionError(protocol);
  }

  private static final String NONE = "no anthropic-messages equivalent";

  private static FieldGap anthropicGap(ChatRequest r) {
    if (!r.extraBody().isEmpty()) {
      return new FieldGap(
          r.extraBody().keySet().iterator().next(),
          "unknown fields are forwarded to openai-chat routes only");
    }
    FieldGap m = messagesGap(r.messages());
    if (m != null) {
      return m;
    }
    for (int i = 0; i < r.tools().size(); i++) {
      if (Boolean.TRUE.equals(r.tools().get(i).strict())) {
        return new FieldGap("tools[" + i + "].function.strict", NONE + " in this version");
      }
    }
    if (r.seed() != null) {
      return new FieldGap("seed", NONE);
    }
    if (r.presencePenalty() != null) {
      return new FieldGap("presence_penalty", NONE);
    }
    if (r.frequencyPenalty() != null) {
      return new FieldGap("frequency_penalty", NONE);
    }
    if (Boolean.TRUE.equals(r.logprobs())) {
      return new FieldGap("logprobs", NONE);
    }
    if (!r.metadata().isEmpty()) {
      return new FieldGap("metadata", NONE + " (only user maps to metadata.user_id)");
    }
    if (r.responseFormat() != null && r.responseFormat().structured()) {
      return new FieldGap(
          "response_format", r.responseFormat().type() + " has " + NONE + " in this version");
    }
    if (r.temperature() != null && r.temperature() > 1) {
      return new FieldGap("temperature", r.temperature() + " (anthropic-messages accepts 0..1)");
    }
    for (String k : r.streamOptions().keySet()) {
      if (!k.equals("include_usage")) {
        return new FieldGap("stream_options." + k, NONE);
      }
    }
    return thinkingGap(r);
  }

  private static FieldGap messagesGap(List<ChatMessage> messages) {
    for (int i = 0; i < messages.size(); i++) {
      ChatMessage m = messages.get(i);
      if (!m.extra().isEmpty()) {
        return new FieldGap(
            messageAt(i) + "." + m.extra().keySet().iterator().next(),
            "unknown fields are forwarded to openai-chat routes only");
      }
      // A participant name, a replayed refusal and replayed reasoning Anthropic did not sign are
      // no gap: the history normaliser leaves the name out, sends the refusal as text, leaves the
      // reasoning out, and records each in the trace (docs/design.md §13).
      if (m.role() == Role.SYSTEM && !m.textOnly()) {
        return new FieldGap(
            messageAt(i) + ".content", "a system prompt is text only on anthropic-messages");
      }
      List<ContentPart> parts = m.parts();
      for (int j = 0; j < parts.size(); j++) {
        ContentPart p = parts.get(j);
        if (p instanceof ContentPart.File file) {
          FieldGap g = pdfGap(file, m.role(), partAt(i, j));
          if (g != null) {
            return g;
          }
        }
        if (p instanceof ContentPart.Raw raw) {
          return new FieldGap(partAt(i, j), "part type " + raw.type() + " has " + NONE);
        }
        if (p instanceof ContentPart.Image img
            && img.detail() != null
            && !img.detail().equals("auto")) {
          return new FieldGap(partAt(i, j) + ".image_url.detail", img.detail() + " has " + NONE);
        }
      }
    }
    return null;
  }

  /** Where message {@code i} is in a request (written only for a gap, not for every message). */
  private static String messageAt(int i) {
    return "messages[" + i + "]";
  }

  /** Where part {@code j} of message {@code i} is. */
  private static String partAt(int i, int j) {
    return messageAt(i) + ".content[" + j + "]";
  }

  /** What anthropic-messages takes of a chat completions {@code file} part, said in a gap. */
  private static final String PDF_ONLY =
      "anthropic-messages takes a file part only as a PDF in file.file_data, a"
          + " data:application/pdf;base64 URL";

  /**
   * The gap of a {@code file} part at {@code pat} of a message of {@code role}, decided from the
   * part's typed facts ({@link ContentPart.File#pdf()}): none when it is a PDF given inline ({@link
   * PdfPart.Inline}), which the encoder sends as a {@code document} block with a base64 source, in
   * a user turn or a tool result; else the field that keeps it from being one (an uploaded file's
   * {@code file_id}, a file that is not a PDF, a field no document block has).
   */
  private static FieldGap pdfGap(ContentPart.File file, Role role, String pat) {
    if (file.pdf() instanceof PdfPart.Unusable u) {
      return new FieldGap(pat + "." + u.field(), u.problem() + " (" + PDF_ONLY + ")");
    }
    if (role == Role.ASSISTANT) {
      return new FieldGap(
          pat,
          "a PDF in an assistant turn (anthropic-messages takes a document only from the user)");
    }
    return null;
  }

  private static FieldGap thinkingGap(ChatRequest r) {
    ReasoningEffort e = r.reasoningEffort();
    if (e == null || e.anthropicBudgetTokens() == 0) {
      return null;
    }
    Integer limit = r.outputTokenLimit();
    if (limit != null && limit <= ANTHROPIC_MIN_THINKING_BUDGET) {
      return new FieldGap(
          "reasoning_effort",
          "thinking on anthropic-messages needs an output limit over "
              + ANTHROPIC_MIN_THINKING_BUDGET
              + " tokens, the request allows "
              + limit);
    }
    if (r.temperature() != null && r.temperature() != 1.0) {
      return new FieldGap(
          "temperature", r.temperature() + " with reasoning_effort (anthropic thinking needs 1)");
    }
    if (r.topP() != null && r.topP() < 0.95) {
      return new FieldGap(
          "top_p", r.topP() + " with reasoning_effort (anthropic thinking needs >= 0.95)");
    }
    ToolChoice c = r.toolChoice();
    if (c != null
        && (c.mode() == ToolChoice.Mode.REQUIRED || c.mode() == ToolChoice.Mode.FUNCTION)) {
      return new FieldGap(
          "tool_choice", "forcing a tool with reasoning_effort (anthropic thinking allows auto)");
    }
    return null;
  }
}
