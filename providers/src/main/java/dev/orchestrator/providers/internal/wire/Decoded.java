package dev.orchestrator.providers.internal.wire;

import dev.orchestrator.engine.chat.ChatResponse;
import java.util.Objects;

/**
 * A decoded non-streaming 2xx body: a usable answer, no usable output, or an error object inside
 * the 200. Immutable.
 *
 * @param kind which of the three
 * @param response the answer, for {@link Kind#OK}
 * @param detail why the body is unusable ({@link Kind#EMPTY}), or the error JSON ({@link
 *     Kind#IN_BAND_ERROR})
 */
public record Decoded(Kind kind, ChatResponse response, String detail) {

  /** The three shapes. */
  public enum Kind {
    /** Usable output. */
    OK,
    /** No choices, no content and no tool call, or not JSON at all. */
    EMPTY,
    /** The body is an error object despite the 2xx status. */
    IN_BAND_ERROR
  }

  /** Validates. */
  public Decoded {
    Objects.requireNonNull(kind, "kind");
  }

  /** A usable answer; an unusable one becomes {@link Kind#EMPTY}. */
  public static Decoded of(ChatResponse response) {
    return of(response, false);
  }

  /**
   * An answer that is usable when its reading is ({@link ChatResponse#usable()}) or when {@code
   * unmodelledOutput}: the route wrote output the engine does not model, carried in its {@link
   * ChatResponse#nativeAnswer()} (a turn of only Anthropic server tool blocks, {@code pause_turn}).
   * Otherwise {@link Kind#EMPTY}.
   */
  public static Decoded of(ChatResponse response, boolean unmodelledOutput) {
    return response.usable() || unmodelledOutput && response.nativeAnswer() != null
        ? new Decoded(Kind.OK, response, null)
        : new Decoded(Kind.EMPTY, null, "no content and no tool call");
  }

  /** No usable output. */
  public static Decoded empty(String why) {
    return new Decoded(Kind.EMPTY, null, why);
  }

  /** An error object inside a 2xx answer. */
  public static Decoded inBandError(String errorJson) {
    return new Decoded(Kind.IN_BAND_ERROR, null, errorJson);
  }
}
