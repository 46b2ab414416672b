package dev.orchestrator.benchmarks.load;

import dev.orchestrator.providers.internal.RequestHeaders;
import dev.orchestrator.providers.internal.http1.Http1Client;
import dev.orchestrator.providers.internal.http1.Http1Exchange;
import dev.orchestrator.providers.internal.http1.Http1Response;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import javax.net.ssl.SSLContext;

/**
 * The raw baseline over the provider transport's own HTTP/1.1 client ({@link Http1Client}, ADR
 * 0025), exactly as {@code raw} is over {@code java.net.http}: the same request, the same checks of
 * the answer, nothing else. Named {@code raw-socket}. Thread-safe.
 */
final class SocketTarget implements Target {
  private final Http1Client client;
  private final URI uri;
  private final byte[] body;
  private final byte[] streamBody;

  SocketTarget(URI uri) throws NoSuchAlgorithmException {
    this.uri = uri;
    this.client =
        new Http1Client(
            Duration.ofSeconds(2),
            SSLContext.getDefault(),
            128 * 1024,
            256,
            Duration.ofSeconds(30));
    this.body = Bodies.chat(Bodies.MODEL, false).getBytes(StandardCharsets.UTF_8);
    this.streamBody = Bodies.chat(Bodies.MODEL, true).getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public String name() {
    return "raw-socket";
  }

  @Override
  public void call(boolean stream, Probe probe) throws Exception {
    RequestHeaders h = new RequestHeaders();
    h.set("Content-Type", "application/json");
    h.set("Authorization", "Bearer sk-bench-placeholder");
    Http1Response r =
        client.post(uri, h, stream ? streamBody : body, new Http1Exchange(), () -> {});
    try (InputStream in = r.body()) {
      if (r.head().status() != 200) {
        throw new IOException(name() + ": HTTP " + r.head().status());
      }
      if (!stream) {
        if (!HttpTarget.hasChoices(in.readAllBytes())) {
          throw new IOException(name() + ": 200 without choices");
        }
        return;
      }
      HttpTarget.readStream(name(), in, probe);
    }
  }

  @Override
  public void close() {
    client.closeIdle();
  }
}
