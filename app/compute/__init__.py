"""Computing for the server without holding its event loop, shared by the web routes (app/web)
and the socket layer (app/realtime), which both sit above it: the pool of worker processes
that run the heavy computations (``job_pool.py``), the cache that computes each trace once
however many ask (``trace_cache.py``), and giving way to other clients between the pieces of
a computation the server does itself (``turns.py``). It imports the engine, the workers'
kinds (app/jobs.py) and Flask's application context, never a route or the socket layer.
"""
