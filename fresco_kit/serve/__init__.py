"""``fresco-kit serve``: the classroom across devices.

One Starlette application (:mod:`.app`) served by uvicorn: a teacher's page, a page per seat
(its link holds an unguessable token) and a projector view, rendered on the server from the
table model (:class:`fresco_kit.core.table.TableModel`) and the games' SVG boards, updated live
over WebSockets (htmx and its ws extension, vendored in ``static/``); a JSON API beside them.
The tables live in SQLite (:mod:`.store`), each move committed before any seat is told
(:mod:`.service`), so a restarted server resumes every table.  The pages are rendered by
:mod:`.pages`.

This package sits above the classroom layer: it imports core, sim and classroom; nothing but
the CLI imports it.
"""
