package dev.orchestrator.health.redis;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One redis-server for a whole test class, started before its first test and closed after its last:
 * {@code @RegisterExtension static final SharedRedis REDIS = new SharedRedis();}.
 */
final class SharedRedis implements BeforeAllCallback, AfterAllCallback {
  private RedisServer server;

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    server = RedisServer.start();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (server != null) {
      server.close();
    }
  }

  /** The running server. */
  RedisServer server() {
    return server;
  }

  /** The server's {@code redis://} URI. */
  String uri() {
    return server.uri();
  }
}
