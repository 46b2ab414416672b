package dev.orchestrator.engine.spi;

import java.util.Objects;

/**
 * A stored response: who may read it, the conversation it ended, and the Response object {@code GET
 * /v1/responses/{id}} answers with. Immutable by convention (the arrays are not copied; no one
 * writes into them).
 *
 * @param owner the name of the client token that created it ({@code ClientToken.name()})
 * @param conversation the conversation as JSON: the request's messages without its {@code
 *     instructions}, then the answer's assistant message, as an array of Responses input items
 * @param response the Response object as JSON
 */
public record StoredResponse(String owner, byte[] conversation, byte[] response) {
  /** Validates. */
  public StoredResponse {
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(conversation, "conversation");
    Objects.requireNonNull(response, "response");
  }

  /** The bytes it holds, for a store's byte bound. */
  public long bytes() {
    return (long) owner.length() + conversation.length + response.length;
  }
}
