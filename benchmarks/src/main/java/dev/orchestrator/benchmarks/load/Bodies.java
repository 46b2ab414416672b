package dev.orchestrator.benchmarks.load;

import java.util.List;

/** The one chat request every target sends, and the catalog the orchestrator routes it with. */
final class Bodies {
  static final String SYSTEM = "You are a concise assistant.";
  static final String USER = "Say hello in one short sentence.";
  static final int MAX_TOKENS = 64;

  /** The two providers of the benchmark catalog; both point at the same loopback upstream. */
  static final List<String> PROVIDERS = List.of("bench-a", "bench-b");

  /** The upstream model name of both routes. */
  static final String MODEL = "bench-model";

  /** The virtual pool the orchestrator is asked for: a fallback over both routes. */
  static final String POOL = "fallback";

  private Bodies() {}

  /** The OpenAI request body for {@code model}. */
  static String chat(String model, boolean stream) {
    return "{\"model\":\""
        + model
        + "\",\"messages\":[{\"role\":\"system\",\"content\":\""
        + SYSTEM
        + "\"},{\"role\":\"user\",\"content\":\""
        + USER
        + "\"}],\"max_tokens\":"
        + MAX_TOKENS
        + (stream ? ",\"stream\":true" : "")
        + "}";
  }

  /**
   * The project's own catalog configuration (JSON): providers {@code bench-a} and {@code bench-b}
   * at {@code upstream}, key from {@code BENCH_API_KEY}, one priced route each, and the virtual
   * pool {@code fallback} over both.
   */
  static String catalog(LoopbackUpstream upstream) {
    return catalog(p -> upstream.baseUrl(p));
  }

  static String catalog(java.util.function.Function<String, String> baseUrl) {
    StringBuilder sb = new StringBuilder("{\"version\":1,\"providers\":{");
    for (int i = 0; i < PROVIDERS.size(); i++) {
      String p = PROVIDERS.get(i);
      sb.append(i == 0 ? "" : ",")
          .append('"')
          .append(p)
          .append("\":{\"baseUrl\":\"")
          .append(baseUrl.apply(p))
          .append("\",\"protocol\":\"openai-chat\",\"apiKeyEnv\":[\"BENCH_API_KEY\"]}");
    }
    sb.append("},\"routes\":{");
    for (int i = 0; i < PROVIDERS.size(); i++) {
      sb.append(i == 0 ? "" : ",")
          .append('"')
          .append(PROVIDERS.get(i))
          .append('/')
          .append(MODEL)
          .append("\":{\"tier\":\"priced\",\"inputPerMtok\":0.15,\"outputPerMtok\":0.6,")
          .append("\"contextWindow\":128000}");
    }
    sb.append("},\"pools\":{\"").append(POOL).append("\":{\"kind\":\"virtual\",\"routes\":[");
    for (int i = 0; i < PROVIDERS.size(); i++) {
      sb.append(i == 0 ? "" : ",").append('"').append(PROVIDERS.get(i)).append('/').append(MODEL);
      sb.append('"');
    }
    return sb.append("]}}}").toString();
  }
}
