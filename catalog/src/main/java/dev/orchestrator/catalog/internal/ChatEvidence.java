package dev.orchestrator.catalog.internal;

import java.util.Locale;
import java.util.Set;

/**
 * Decides from a source's own evidence whether a model is a chat model at all (docs/design.md §3):
 * embeddings, rerankers, and models whose output is not text (or includes audio or video) are not.
 * Image-and-text output stays chat: routers and image-capable chat models answer text requests.
 */
final class ChatEvidence {
  private ChatEvidence() {}

  static boolean isChat(String id, String family, Set<String> input, Set<String> output) {
    if (output != null && !output.isEmpty()) {
      if (!output.contains("text") || output.contains("audio") || output.contains("video")) {
        return false;
      }
    }
    if (input != null && !input.isEmpty() && !input.contains("text")) {
      return false;
    }
    return !namesRetrievalModel(id) && !namesRetrievalModel(family);
  }

  // Embedding and reranking models are named as such in every catalog we read
  // (text-embedding-3-large, nv-embedcode, bge-reranker, Qwen3-Reranker…).
  private static boolean namesRetrievalModel(String s) {
    if (s == null) {
      return false;
    }
    for (String token : s.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
      if (token.startsWith("embed")
          || token.endsWith("embedding")
          || token.startsWith("rerank")
          || token.equals("bge")) {
        return true;
      }
    }
    return false;
  }
}
