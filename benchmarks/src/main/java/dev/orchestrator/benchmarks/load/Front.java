package dev.orchestrator.benchmarks.load;

import java.nio.charset.StandardCharsets;

/**
 * The protocol a request is sent in, and how its answer is checked: OpenAI's Chat Completions (the
 * raw baseline, every target), and {@code serve}'s two other fronts, Anthropic's Messages and
 * OpenAI's Responses (docs/reference.md). The same system and user message, answered from the same
 * upstream completion or stream.
 */
enum Front {
  /** {@code POST …/chat/completions}; a stream ends with {@code data: [DONE]}. */
  CHAT("chat", "/v1/chat/completions", "\"choices\"", "data: [DONE]"),
  /** {@code POST /v1/messages}; a stream ends with {@code message_stop}. */
  MESSAGES("messages", "/v1/messages", "\"type\":\"message\"", "event: message_stop"),
  /** {@code POST /v1/responses}, not stored; a stream ends with {@code response.completed}. */
  RESPONSES("responses", "/v1/responses", "\"object\":\"response\"", "event: response.completed");

  private final String label;
  private final String path;
  private final byte[] answerMark;
  private final String streamEnd;

  Front(String label, String path, String answerMark, String streamEnd) {
    this.label = label;
    this.path = path;
    this.answerMark = answerMark.getBytes(StandardCharsets.US_ASCII);
    this.streamEnd = streamEnd;
  }

  /** The name on the command line ({@code --serve-fronts}). */
  String label() {
    return label;
  }

  /** The path under a gateway's base URL. */
  String path() {
    return path;
  }

  /** What a whole answer holds. */
  byte[] answerMark() {
    return answerMark;
  }

  /** The front named {@code label}. */
  static Front of(String label) {
    for (Front f : values()) {
      if (f.label.equals(label)) {
        return f;
      }
    }
    throw new IllegalArgumentException(
        "--serve-fronts: " + label + " (expected: chat, messages, responses)");
  }

  /** The request body for {@code model}. */
  String body(String model, boolean stream) {
    return switch (this) {
      case CHAT -> Bodies.chat(model, stream);
      case MESSAGES ->
          "{\"model\":\""
              + model
              + "\",\"max_tokens\":"
              + Bodies.MAX_TOKENS
              + ",\"system\":\""
              + Bodies.SYSTEM
              + "\",\"messages\":[{\"role\":\"user\",\"content\":\""
              + Bodies.USER
              + "\"}]"
              + (stream ? ",\"stream\":true" : "")
              + "}";
      case RESPONSES ->
          "{\"model\":\""
              + model
              + "\",\"instructions\":\""
              + Bodies.SYSTEM
              + "\",\"input\":\""
              + Bodies.USER
              + "\",\"max_output_tokens\":"
              + Bodies.MAX_TOKENS
              + ",\"store\":false"
              + (stream ? ",\"stream\":true" : "")
              + "}";
    };
  }

  /** Whether a line of a stream ends it. */
  boolean ends(String line) {
    return this == CHAT
        ? line.startsWith("data:") && line.contains("[DONE]")
        : line.equals(streamEnd);
  }

  /** Whether a line of a stream is an error event. */
  boolean failed(String line) {
    return switch (this) {
      case CHAT -> line.startsWith("data:") && line.contains("\"error\"");
      case MESSAGES -> line.equals("event: error");
      case RESPONSES -> line.equals("event: response.failed");
    };
  }

  /** Whether a line of a stream carries visible text. */
  boolean carriesText(String line) {
    return switch (this) {
      case CHAT -> line.startsWith("data:") && HttpTarget.hasContent(line);
      case MESSAGES -> line.startsWith("data:") && line.contains("\"type\":\"text_delta\"");
      case RESPONSES -> line.equals("event: response.output_text.delta");
    };
  }
}
