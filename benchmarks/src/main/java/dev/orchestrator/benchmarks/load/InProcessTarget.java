package dev.orchestrator.benchmarks.load;

import dev.orchestrator.catalog.CatalogLoader;
import dev.orchestrator.engine.ChatResult;
import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.TaskOrchestrator;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.chat.ChatRequest;
import dev.orchestrator.engine.spi.Credentials;
import dev.orchestrator.providers.HttpProviderClients;
import java.io.IOException;

/**
 * The in-process orchestrator: a {@link TaskOrchestrator} with the real {@link
 * HttpProviderClients}, asked for the virtual pool {@code fallback} whose two routes point at the
 * loopback upstream. Default policy. Thread-safe.
 */
public final class InProcessTarget implements Target {
  private final TaskOrchestrator orchestrator;
  private final ChatRequest request;
  private final ChatRequest streamRequest;

  /** A target routing through a fresh orchestrator to {@code upstream}. */
  public InProcessTarget(LoopbackUpstream upstream) {
    this(CatalogLoader.parse("bench-catalog.json", Bodies.catalog(upstream)));
  }

  InProcessTarget(Catalog catalog) {
    Credentials key = Credentials.constant("sk-bench-placeholder");
    this.orchestrator =
        TaskOrchestrator.builder()
            .catalog(catalog)
            .providers(HttpProviderClients.builder().credentials(key).build())
            .credentials(key)
            .policy(OrchestratorPolicy.defaults())
            .build();
    ChatRequest.Builder b =
        ChatRequest.builder(Bodies.POOL)
            .system(Bodies.SYSTEM)
            .user(Bodies.USER)
            .maxTokens(Bodies.MAX_TOKENS);
    this.request = b.build();
    this.streamRequest = b.stream(true).build();
  }

  @Override
  public String name() {
    return "in-process";
  }

  @Override
  public void call(boolean stream, Probe probe) throws Exception {
    ChatResult r =
        stream
            ? orchestrator.stream(streamRequest, delta -> probe.firstToken())
            : orchestrator.chat(request);
    if (r.response().content().isEmpty()) {
      throw new IOException("in-process: empty answer from " + r.route());
    }
  }
}
