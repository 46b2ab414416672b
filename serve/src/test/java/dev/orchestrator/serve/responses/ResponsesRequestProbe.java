package dev.orchestrator.serve.responses;

import dev.orchestrator.engine.chat.ChatRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Opens the front's package-private parser to tests in other packages. */
public final class ResponsesRequestProbe {
  private ResponsesRequestProbe() {}

  /** The engine request {@code body} says. */
  public static ChatRequest parse(String body) {
    return ResponsesRequest.parse(body.getBytes(StandardCharsets.UTF_8), previous -> List.of())
        .request();
  }
}
