-- read: the route's snapshot, unchanged (resync and the periodic backstop).
return snapshot()
