package dev.orchestrator.cli;

import dev.orchestrator.health.redis.SharedResponses;
import dev.orchestrator.serve.responses.ResponseStore;
import dev.orchestrator.serve.responses.StoredResponse;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * {@code serve}'s response store on the fleet's Redis (ADR 0029): {@code serve --health-store}
 * keeps stored Responses-API answers in the health store's {@link SharedResponses}, so that any
 * replica continues a conversation another answered. The stored JSON travels as UTF-8 text. The
 * health store owns the connection; closing this does nothing. Thread-safe.
 */
final class RedisResponseStore implements ResponseStore {
  private final SharedResponses shared;

  RedisResponseStore(SharedResponses shared) {
    this.shared = Objects.requireNonNull(shared, "shared");
  }

  @Override
  public void put(String id, StoredResponse r) {
    shared.put(
        id,
        new SharedResponses.Entry(
            r.owner(),
            new String(r.conversation(), StandardCharsets.UTF_8),
            new String(r.response(), StandardCharsets.UTF_8)));
  }

  @Override
  public StoredResponse get(String id) {
    SharedResponses.Entry e = shared.get(id);
    return e == null
        ? null
        : new StoredResponse(
            e.owner(),
            e.conversation().getBytes(StandardCharsets.UTF_8),
            e.response().getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public boolean delete(String id) {
    return shared.delete(id);
  }
}
