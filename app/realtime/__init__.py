"""The socket layer: Socket.IO and the websockets under it (docs/protocol.md, "Socket.IO";
docs/deployment.md).

``sockets`` is the Socket.IO server and its ``run`` handler (lecture mode registers its own
handlers on it, app/lecture/events.py); ``runs`` the per-connection state and the search
slots; ``socket_packet`` the packet format; ``message_queue`` the Redis queue between
instances. Under them, the WSGI and websocket plumbing: ``admission`` (who may hold a
connection), ``backlog`` (every connection's unread bytes, bounded), ``ws_frames`` (how a
message is framed and compressed) and ``whole_frames`` (the socket that writes frames whole).
"""
