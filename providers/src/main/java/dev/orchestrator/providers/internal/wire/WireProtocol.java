package dev.orchestrator.providers.internal.wire;

import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.chat.NativeRequest;
import dev.orchestrator.engine.chat.StreamListener;
import dev.orchestrator.providers.internal.history.HistoryNormaliser;
import dev.orchestrator.providers.internal.history.Profile;

/**
 * One provider protocol's wire format: path, authentication headers, request encoding and response
 * decoding. Implementations are stateless and thread-safe; stream state lives in the {@link
 * StreamAssembler} each stream gets.
 */
public interface WireProtocol {
  /** The protocol this wire format speaks. */
  Protocol protocol();

  /** The path appended to the provider's base URL, e.g. {@code /chat/completions}. */
  String path();

  /**
   * The path of the protocol's token-counting endpoint, or {@code null} when it has none (then
   * {@link #encodeCount} is never called).
   */
  default String countPath() {
    return null;
  }

  /**
   * Encodes the body of a token count for {@code request} on {@code route}.
   *
   * @throws RequestEncodingException when the request cannot be expressed on the wire
   */
  default byte[] encodeCount(ChatRequest request, Route route) throws RequestEncodingException {
    throw new RequestEncodingException("no token-counting endpoint");
  }

  /** Puts the key (and any protocol headers) on the request. {@code key} may be {@code null}. */
  void authenticate(RequestHeaders request, String key);

  /** Sets protocol headers that do not depend on a key, for {@code chat}. */
  default void protocolHeaders(RequestHeaders request, ChatRequest chat) {}

  /**
   * {@code request}'s history adapted for {@code route} of {@code provider}, whose catalog entry
   * may declare what it accepts of a history ({@link Provider#history()}; {@code provider} may be
   * {@code null}), with what was adapted (docs/design.md §13); {@code null} when the history is
   * sent as the caller wrote it (the caller's own body of this protocol). {@code strict} asks for
   * the strictest form ({@link dev.orchestrator.providers.internal.history.Profile#strictest()}),
   * never {@code null}: the one repair after the route refused the history's shape. The client
   * adapts once per attempt and hands {@link #encode} the adapted request.
   *
   * @throws RequestEncodingException when the history holds what the route's family cannot take and
   *     nothing here can convert
   */
  default HistoryNormaliser.Normalised history(
      ChatRequest request, Provider provider, Route route, boolean strict)
      throws RequestEncodingException {
    NativeRequest n = request.nativeRequest();
    if (!strict && n != null && n.appliesTo(protocol(), request)) {
      return null;
    }
    Profile profile = Profile.of(provider, protocol(), route.provider());
    return HistoryNormaliser.normalise(request, strict ? profile.strictest() : profile);
  }

  /**
   * Encodes the request body, the history as it stands ({@link #history} adapts it before).
   *
   * @throws RequestEncodingException when the request cannot be expressed on the wire
   */
  byte[] encode(ChatRequest request, Route route) throws RequestEncodingException;

  /**
   * Decodes a complete 2xx body from its bytes (UTF-8; an invalid sequence reads as U+FFFD, as in a
   * stream). Never throws: a body that is not the protocol's JSON is {@link Decoded.Kind#EMPTY}.
   */
  Decoded decode(byte[] body, String fallbackModel, String headerRequestId);

  /** A fresh assembler for one stream. */
  StreamAssembler newAssembler(
      StreamListener listener, String fallbackModel, String headerRequestId);
}
