-- recover: a success on a closed breaker ends the route's cooldown (nothing else is written on
-- the success path, and this only when a cooldown is known).
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('DEL', KEYS[3]) == 0 then
  return snapshot()
end
return changed()
