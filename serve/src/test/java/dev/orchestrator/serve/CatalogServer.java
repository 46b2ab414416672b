package dev.orchestrator.serve;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/** A real HTTP server on 127.0.0.1 serving one catalog document that a test can change or stop. */
final class CatalogServer implements AutoCloseable {
  private final HttpServer http;
  private final AtomicReference<String> body = new AtomicReference<>("");
  private final AtomicInteger fetches = new AtomicInteger();

  CatalogServer() {
    try {
      http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    http.createContext(
        "/catalog.yaml",
        ex -> {
          fetches.incrementAndGet();
          byte[] b = body.get().getBytes(StandardCharsets.UTF_8);
          ex.getResponseHeaders().add("Content-Type", "application/yaml");
          ex.sendResponseHeaders(200, b.length);
          try (OutputStream out = ex.getResponseBody()) {
            out.write(b);
          }
        });
    http.start();
  }

  String url() {
    return "http://127.0.0.1:" + http.getAddress().getPort() + "/catalog.yaml";
  }

  void serve(String yaml) {
    body.set(yaml);
  }

  int fetches() {
    return fetches.get();
  }

  @Override
  public void close() {
    http.stop(0);
  }
}
