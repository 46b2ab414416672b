-- fail: ARGV[4] counter ('f' breaker failures, 'k' stream cuts), ARGV[5] its threshold,
-- ARGV[6] first open time ms, ARGV[7] open cap ms. One retryable failure (or stream cut) on a
-- closed breaker, counted for the whole fleet in the meta hash; the count that reaches the
-- threshold opens the breaker (both counts then start again). Below it, only the failure that
-- starts a count is published: every process then knows the fleet is counting, and the next success
-- anywhere ends the count (succeed), so the count is of consecutive failures across the fleet.
failed()
if redis.call('EXISTS', KEYS[1]) == 1 then
  return snapshot()
end
local counting = redis.call('HEXISTS', KEYS[5], 'f') == 1 or redis.call('HEXISTS', KEYS[5], 'k') == 1
if redis.call('HINCRBY', KEYS[5], ARGV[4], 1) < tonumber(ARGV[5]) then
  if counting then
    return snapshot()
  end
  return changed()
end
redis.call('HDEL', KEYS[5], 'f', 'k')
local step = tonumber(ARGV[6])
redis.call('HSET', KEYS[1], 'until', int(now + step), 'step', int(step))
redis.call('PEXPIRE', KEYS[1], step + tonumber(ARGV[7]))
return changed()
