package dev.orchestrator.engine.testing;

import dev.orchestrator.engine.health.Admission;
import dev.orchestrator.engine.health.AttemptHealth;
import dev.orchestrator.engine.health.BreakerState;
import dev.orchestrator.engine.health.HealthMark;
import dev.orchestrator.engine.health.HealthSettings;
import dev.orchestrator.engine.health.HealthStore;
import dev.orchestrator.engine.health.SharedState;
import dev.orchestrator.engine.health.StoreStatus;
import java.time.Duration;
import java.util.Map;

/**
 * A {@link HealthStore} that forwards every call to another: a test overrides only what it counts
 * or changes (the admissions it watches, the fleet's shared counters).
 */
public abstract class ForwardingHealthStore implements HealthStore {
  private final HealthStore delegate;

  /** Forwards to {@code delegate}. */
  protected ForwardingHealthStore(HealthStore delegate) {
    this.delegate = delegate;
  }

  @Override
  public Admission admit(String route) {
    return delegate.admit(route);
  }

  @Override
  public void report(Admission admission, AttemptHealth outcome) {
    delegate.report(admission, outcome);
  }

  @Override
  public void coolDown(String route, Duration duration) {
    delegate.coolDown(route, duration);
  }

  @Override
  public void accountState(String route, Duration duration) {
    delegate.accountState(route, duration);
  }

  @Override
  public void rateLimited(String route, Duration retryAfter) {
    delegate.rateLimited(route, retryAfter);
  }

  @Override
  public void retire(String route, Duration ttl) {
    delegate.retire(route, ttl);
  }

  @Override
  public BreakerState breaker(String route) {
    return delegate.breaker(route);
  }

  @Override
  public Duration cooldownRemaining(String route) {
    return delegate.cooldownRemaining(route);
  }

  @Override
  public Duration accountStateRemaining(String route) {
    return delegate.accountStateRemaining(route);
  }

  @Override
  public void recordRequest() {
    delegate.recordRequest();
  }

  @Override
  public boolean tryAcquireRetry() {
    return delegate.tryAcquireRetry();
  }

  @Override
  public HealthSettings settings() {
    return delegate.settings();
  }

  @Override
  public StoreStatus status() {
    return delegate.status();
  }

  @Override
  public Map<String, HealthMark> marks() {
    return delegate.marks();
  }

  @Override
  public SharedState shared() {
    return delegate.shared();
  }
}
