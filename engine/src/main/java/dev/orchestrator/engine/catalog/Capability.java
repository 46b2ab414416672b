package dev.orchestrator.engine.catalog;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A capability a request can require of a route ({@code --require
 * tools|vision|json|reasoning|prefill|pdf|audio|video}).
 */
public enum Capability {
  /** Function / tool calling. */
  TOOLS("tools"),
  /** Image input. */
  VISION("vision"),
  /** Structured output ({@code response_format} JSON). */
  JSON("json"),
  /** Reasoning / thinking tokens. */
  REASONING("reasoning"),
  /** Accepts a trailing assistant message as a prefill to continue from. */
  PREFILL("prefill"),
  /**
   * Reads a PDF sent as a chat completions {@code file} content part (which takes only PDFs). The
   * catalog gives it to a route whose input modalities name {@code pdf} (Models.dev) or {@code
   * file} (OpenRouter: the model reads the file itself, with no parsing plugin billed apart), and
   * to every OpenAI route with vision, which OpenAI documents as reading PDFs; a provider whose
   * chat API takes no such part (Mistral, Groq) has none. An Anthropic route reads the part's PDF
   * as a {@code document} block when it is given inline ({@code file.file_data}).
   */
  PDF("pdf"),
  /**
   * Reads audio sent as a chat completions {@code input_audio} content part, which a request with
   * one requires. The catalog gives it to a route whose input modalities name {@code audio}
   * (Models.dev {@code modalities.input}, OpenRouter {@code architecture.input_modalities}, or a
   * configuration's {@code inputModalities}); only an OpenAI-protocol route can be sent the part.
   */
  AUDIO("audio"),
  /**
   * Reads a video sent as a {@code video_url} content part (OpenRouter's and other
   * OpenAI-compatible APIs' part; OpenAI's own chat completions have none), which a request with
   * one requires. The catalog gives it to a route whose input modalities name {@code video}; only
   * an OpenAI-protocol route can be sent the part.
   */
  VIDEO("video");

  /** Every wire name in declaration order, as the messages that refuse a name list them. */
  private static final String WIRE_NAMES =
      Arrays.stream(values()).map(Capability::wireName).collect(Collectors.joining(", "));

  private final String wireName;

  Capability(String wireName) {
    this.wireName = wireName;
  }

  /** Name used on the command line and in JSON. */
  public String wireName() {
    return wireName;
  }

  /**
   * Parses a wire name.
   *
   * @throws IllegalArgumentException naming the value and the accepted ones
   */
  public static Capability fromWireName(String name) {
    String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    for (Capability c : values()) {
      if (c.wireName.equals(n)) {
        return c;
      }
    }
    throw new IllegalArgumentException(
        "capability: " + name + " (expected one of: " + WIRE_NAMES + ")");
  }

  /**
   * Every wire name in declaration order, {@code "tools, vision, json, …"}: what a message that
   * refuses a name says is expected.
   */
  public static String wireNames() {
    return WIRE_NAMES;
  }
}
