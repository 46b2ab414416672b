package dev.orchestrator.providers.internal;

import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.StreamListener;
import java.nio.charset.StandardCharsets;

/**
 * One provider protocol's wire format: path, authentication headers, request encoding and response
 * decoding. Implementations are stateless and thread-safe; stream state lives in the {@link
 * StreamAssembler} each stream gets.
 */
public interface WireProtocol {
  /** The path appended to the provider's base URL, e.g. {@code /chat/completions}. */
  String path();

  /** Puts the key (and any protocol headers) on the request. {@code key} may be {@code null}. */
  void authenticate(RequestHeaders request, String key);

  /** Sets protocol headers that do not depend on a key. */
  default void protocolHeaders(RequestHeaders request) {}

  /**
   * Encodes the request body.
   *
   * @throws RequestEncodingException when the request cannot be expressed on the wire
   */
  byte[] encode(ChatRequest request, Route route) throws RequestEncodingException;

  /** Decodes a complete 2xx body. Never throws. */
  Decoded decode(String body, String fallbackModel, String headerRequestId);

  /**
   * Decodes a complete 2xx body from its UTF-8 bytes, exactly as {@link #decode(String, String,
   * String)} decodes their text (a protocol may parse the bytes directly). Never throws.
   */
  default Decoded decode(byte[] body, String fallbackModel, String headerRequestId) {
    return decode(new String(body, StandardCharsets.UTF_8), fallbackModel, headerRequestId);
  }

  /** A fresh assembler for one stream. */
  StreamAssembler newAssembler(
      StreamListener listener, String fallbackModel, String headerRequestId);
}
