-- trip: ARGV[4] open step ms, ARGV[5] open cap ms, ARGV[6] (optional) the open time's end, wall ms.
-- A process's own failure count reached the threshold: a closed breaker opens for the step; the
-- record lives that long plus the cap, so the open step survives a quiet spell. A replay of a
-- breaker the process opened while degraded gives the step and the end it has there (its open time
-- may have doubled, or ended: then the next admission is the probe). A breaker already open (tripped
-- elsewhere) is left as it is. The fleet's counts start again.
failed()
redis.call('HDEL', KEYS[5], 'f', 'k')
if redis.call('EXISTS', KEYS[1]) == 1 then
  return snapshot()
end
local step = tonumber(ARGV[4])
local u = tonumber(ARGV[6]) or now + step
redis.call('HSET', KEYS[1], 'until', int(u), 'step', int(step))
redis.call('PEXPIRE', KEYS[1], math.max(u - now, 0) + tonumber(ARGV[5]))
return changed()
