package dev.orchestrator.springai;

import dev.orchestrator.engine.OrchestratorPolicy;
import dev.orchestrator.engine.plan.Strategy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code orchestrator.*} properties of the Boot auto-configuration. Unset policy values keep
 * {@link OrchestratorPolicy#defaults()}. Mutable, as Boot binds it; not thread-safe.
 */
@ConfigurationProperties(prefix = "orchestrator")
public class OrchestratorProperties {
  /** Whether to create the orchestrator chat model. */
  private boolean enabled = true;

  /** The model requests go to: a virtual model, a group, a pool or a route id. */
  private String model = "orchestrator/free";

  /**
   * Catalog files (own config, Models.dev api.json, OpenRouter models list), merged in order; none
   * means the embedded default catalog.
   */
  private List<Path> catalog = new ArrayList<>();

  /** The failover policy. */
  private final Policy policy = new Policy();

  /** Whether to create the orchestrator chat model. */
  public boolean isEnabled() {
    return enabled;
  }

  /** Sets whether to create the orchestrator chat model. */
  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  /** The model requests go to. */
  public String getModel() {
    return model;
  }

  /** Sets the model requests go to. */
  public void setModel(String model) {
    this.model = model;
  }

  /** The catalog files. */
  public List<Path> getCatalog() {
    return catalog;
  }

  /** Sets the catalog files. */
  public void setCatalog(List<Path> catalog) {
    this.catalog = catalog;
  }

  /** The failover policy. */
  public Policy getPolicy() {
    return policy;
  }

  /** {@code orchestrator.policy.*}: the bounds of the failover loop (docs/design.md §5). */
  public static class Policy {
    /** Deadline of one request, covering every attempt, backoff and failover. */
    private Duration deadline;

    /** Connect timeout of one attempt. */
    private Duration connectTimeout;

    /** Timeout of one attempt. */
    private Duration attemptTimeout;

    /** Longest wait for a stream's first token. */
    private Duration firstTokenTimeout;

    /** Longest silence inside a stream. */
    private Duration streamIdleTimeout;

    /** Retries of a retryable failure on the same route (0..4). */
    private Integer sameRouteRetries;

    /** Ranking of orchestrator/auto: cost or quality. */
    private Strategy strategy;

    /** Whether a content-filter refusal in a virtual pool fails over to the next route. */
    private Boolean failoverOnContentFilter;

    /** The deadline. */
    public Duration getDeadline() {
      return deadline;
    }

    /** Sets the deadline. */
    public void setDeadline(Duration deadline) {
      this.deadline = deadline;
    }

    /** The connect timeout. */
    public Duration getConnectTimeout() {
      return connectTimeout;
    }

    /** Sets the connect timeout. */
    public void setConnectTimeout(Duration connectTimeout) {
      this.connectTimeout = connectTimeout;
    }

    /** The attempt timeout. */
    public Duration getAttemptTimeout() {
      return attemptTimeout;
    }

    /** Sets the attempt timeout. */
    public void setAttemptTimeout(Duration attemptTimeout) {
      this.attemptTimeout = attemptTimeout;
    }

    /** The first-token timeout. */
    public Duration getFirstTokenTimeout() {
      return firstTokenTimeout;
    }

    /** Sets the first-token timeout. */
    public void setFirstTokenTimeout(Duration firstTokenTimeout) {
      this.firstTokenTimeout = firstTokenTimeout;
    }

    /** The stream-idle timeout. */
    public Duration getStreamIdleTimeout() {
      return streamIdleTimeout;
    }

    /** Sets the stream-idle timeout. */
    public void setStreamIdleTimeout(Duration streamIdleTimeout) {
      this.streamIdleTimeout = streamIdleTimeout;
    }

    /** The same-route retries. */
    public Integer getSameRouteRetries() {
      return sameRouteRetries;
    }

    /** Sets the same-route retries. */
    public void setSameRouteRetries(Integer sameRouteRetries) {
      this.sameRouteRetries = sameRouteRetries;
    }

    /** The auto ranking. */
    public Strategy getStrategy() {
      return strategy;
    }

    /** Sets the auto ranking. */
    public void setStrategy(Strategy strategy) {
      this.strategy = strategy;
    }

    /** Whether content-filter refusals fail over. */
    public Boolean getFailoverOnContentFilter() {
      return failoverOnContentFilter;
    }

    /** Sets whether content-filter refusals fail over. */
    public void setFailoverOnContentFilter(Boolean failoverOnContentFilter) {
      this.failoverOnContentFilter = failoverOnContentFilter;
    }

    /**
     * The engine policy: the defaults with every value set here.
     *
     * @throws IllegalArgumentException naming a value out of range by its property ({@code
     *     orchestrator.policy.deadline: …})
     */
    public OrchestratorPolicy toPolicy() {
      try {
        return policy();
      } catch (IllegalArgumentException e) {
        throw InvalidPropertyException.of("orchestrator.policy.", e);
      }
    }

    private OrchestratorPolicy policy() {
      OrchestratorPolicy.Builder b = OrchestratorPolicy.builder();
      if (deadline != null) {
        b.deadline(deadline);
      }
      if (connectTimeout != null) {
        b.connectTimeout(connectTimeout);
      }
      if (attemptTimeout != null) {
        b.attemptTimeout(attemptTimeout);
      }
      if (firstTokenTimeout != null) {
        b.firstTokenTimeout(firstTokenTimeout);
      }
      if (streamIdleTimeout != null) {
        b.streamIdleTimeout(streamIdleTimeout);
      }
      if (sameRouteRetries != null) {
        b.sameRouteRetries(sameRouteRetries);
      }
      if (strategy != null) {
        b.strategy(strategy);
      }
      if (failoverOnContentFilter != null) {
        b.failoverOnContentFilter(failoverOnContentFilter);
      }
      return b.build();
    }
  }
}
