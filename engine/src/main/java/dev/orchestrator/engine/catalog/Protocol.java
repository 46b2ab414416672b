package dev.orchestrator.engine.catalog;

import java.util.Locale;

/** The wire protocol a provider speaks. Immutable and thread-safe. */
public enum Protocol {
  /** OpenAI-compatible {@code POST /chat/completions} (OpenAI, OpenRouter, NIM, Groq, vLLM…). */
  OPENAI_CHAT("openai-chat"),
  /** Anthropic Messages {@code POST /v1/messages}. */
  ANTHROPIC_MESSAGES("anthropic-messages");

  private final String wireName;

  Protocol(String wireName) {
    this.wireName = wireName;
  }

  /** The name used in configuration files and JSON output, e.g. {@code openai-chat}. */
  public String wireName() {
    return wireName;
  }

  /**
   * Parses a wire name.
   *
   * @throws IllegalArgumentException naming the value and the accepted ones
   */
  public static Protocol fromWireName(String name) {
    String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    for (Protocol p : values()) {
      if (p.wireName.equals(n)) {
        return p;
      }
    }
    throw new IllegalArgumentException(
        "protocol: " + name + " (expected: openai-chat or anthropic-messages)");
  }
}
