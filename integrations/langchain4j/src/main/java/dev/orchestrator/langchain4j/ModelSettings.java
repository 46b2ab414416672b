package dev.orchestrator.langchain4j;

import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.orchestrator.engine.TaskOrchestrator;
import java.time.Duration;
import java.util.List;

/**
 * What a built model holds: the orchestrator, its default parameters, its listeners and the
 * per-request deadline. Immutable.
 */
record ModelSettings(
    TaskOrchestrator orchestrator,
    ChatRequestParameters defaults,
    List<ChatModelListener> listeners,
    Duration timeout) {
  ModelSettings {
    listeners = List.copyOf(listeners);
  }
}
