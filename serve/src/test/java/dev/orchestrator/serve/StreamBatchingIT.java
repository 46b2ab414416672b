package dev.orchestrator.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Protocol;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.catalog.Tier;
import dev.orchestrator.providers.simulation.HttpChunks;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Events an upstream sends together leave {@code serve} as one HTTP chunk, and an event is never
 * held back while {@code serve} waits for the next: the upstream here sends two deltas in one write
 * and then sends nothing more until the client has received them through {@code serve}.
 */
class StreamBatchingIT {
  private static final byte[] HEAD =
      "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
          .getBytes(StandardCharsets.US_ASCII);

  private static String event(String deltaJson, String finish) {
    return "data: {\"id\":\"chatcmpl-b\",\"object\":\"chat.completion.chunk\",\"created\":1,"
        + "\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":"
        + deltaJson
        + ",\"finish_reason\":"
        + finish
        + "}]}\n\n";
  }

  @Test
  void eventsReadTogetherLeaveAsOneChunkAndNoneWaitsForTheNext() throws Exception {
    CountDownLatch clientSawBatch = new CountDownLatch(1);
    try (ServerSocket upstream = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      CompletableFuture<Boolean> releasedByClient =
          CompletableFuture.supplyAsync(
              () -> {
                try (Socket s = upstream.accept()) {
                  readRequest(s.getInputStream());
                  OutputStream out = s.getOutputStream();
                  out.write(HEAD);
                  out.write(
                      HttpChunks.chunk(
                          event("{\"role\":\"assistant\",\"content\":\"one \"}", "null")
                              + event("{\"content\":\"two\"}", "null")));
                  out.flush();
                  // Nothing more until the client has both deltas: a relay that held them back
                  // until the next read would never let this latch open (and time out here).
                  boolean released = clientSawBatch.await(20, TimeUnit.SECONDS);
                  out.write(
                      HttpChunks.chunk(
                          event("{\"content\":\" three\"}", "null")
                              + event("{}", "\"stop\"")
                              + "data: [DONE]\n\n"));
                  out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                  out.flush();
                  return released;
                } catch (IOException | InterruptedException e) {
                  throw new IllegalStateException(e);
                }
              });
      String base = "http://127.0.0.1:" + upstream.getLocalPort() + "/v1";
      try (ServeFixture f = ServeFixture.start(Map.of(), u -> catalog(base))) {
        List<String> chunks = new ArrayList<>();
        try (Socket client = new Socket(InetAddress.getLoopbackAddress(), f.server.port())) {
          byte[] body =
              "{\"model\":\"batch/m\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}"
                  .getBytes(StandardCharsets.UTF_8);
          client
              .getOutputStream()
              .write(
                  ("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          + "Content-Type: application/json\r\nContent-Length: "
                          + body.length
                          + "\r\n\r\n")
                      .getBytes(StandardCharsets.US_ASCII));
          client.getOutputStream().write(body);
          client.getOutputStream().flush();
          InputStream in = client.getInputStream();
          assertThat(line(in)).startsWith("HTTP/1.1 200");
          while (!line(in).isEmpty()) {
            // headers
          }
          for (String chunk; (chunk = chunk(in)) != null; ) {
            chunks.add(chunk);
            if (chunk.contains("\"two\"")) {
              clientSawBatch.countDown();
            }
            if (chunk.contains("[DONE]")) {
              break;
            }
          }
        }
        assertThat(releasedByClient.get(30, TimeUnit.SECONDS))
            .as("the client received the first batch before the upstream sent more")
            .isTrue();
        assertThat(chunks.get(0))
            .as("the two deltas the upstream sent together, in one HTTP chunk")
            .contains("\"content\":\"one \"")
            .contains("\"content\":\"two\"");
        assertThat(String.join("", chunks))
            .contains("\"content\":\" three\"")
            .contains("\"finish_reason\":\"stop\"")
            .endsWith("data: [DONE]\n\n");
      }
    }
  }

  private static Catalog catalog(String baseUrl) {
    return Catalog.builder()
        .provider(Provider.of("batch", baseUrl, Protocol.OPENAI_CHAT, List.of("SIM_KEY")))
        .route(Route.builder("batch", "m").tier(Tier.FREE).contextWindow(8_000).build())
        .build();
  }

  /** Reads a request's head and its Content-Length body. */
  private static void readRequest(InputStream in) throws IOException {
    int length = 0;
    for (String l; !(l = line(in)).isEmpty(); ) {
      if (l.regionMatches(true, 0, "content-length:", 0, 15)) {
        length = Integer.parseInt(l.substring(15).trim());
      }
    }
    in.readNBytes(length);
  }

  /**
   * One chunk of a chunked body, or {@code null} at its end. The CRLF that ends a chunk's data is
   * read with the next chunk's size line: a server may send it only with that next chunk.
   */
  private static String chunk(InputStream in) throws IOException {
    String size = line(in);
    if (size.isEmpty()) {
      size = line(in); // the previous chunk's CRLF
    }
    int n = Integer.parseInt(size.split(";")[0].trim(), 16);
    if (n == 0) {
      return null;
    }
    return new String(in.readNBytes(n), StandardCharsets.UTF_8);
  }

  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (int c; (c = in.read()) != '\n'; ) {
      if (c < 0) {
        throw new IOException("closed mid-line");
      }
      if (c != '\r') {
        b.write(c);
      }
    }
    return b.toString(StandardCharsets.UTF_8);
  }
}
