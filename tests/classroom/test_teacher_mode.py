"""Teacher mode: in the classroom (Voilà) a student's page shows no seed field and no
teacher-only cell; ``teacher=1`` in the link shows them; a notebook shows everything."""
from __future__ import annotations

import pytest

from fresco_kit.classroom.table_link import teacher_mode
from fresco_kit.lorenzo.widgets import dice_widget
from fresco_kit.sixtina.widgets import chapel_explorer, setup_selector


def seed_fields(widget):
    stack, found = [widget], []
    while stack:
        w = stack.pop()
        if getattr(w, "description", "").lower() == "seed":
            found.append(w)
        stack.extend(getattr(w, "children", ()))
    return found


@pytest.mark.parametrize(("voila", "query", "teacher"), [
    (False, "", True),                 # a notebook in JupyterLab: the teacher's (and the code's) view
    (True, "", False),                 # the classroom: a student's page
    (True, "lang=es", False),
    (True, "teacher=1&lang=es", True),
    (True, "teacher=0", False),
])
def test_seed_fields_show_in_teacher_mode_only(voila, query, teacher, monkeypatch):
    if voila:
        monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    else:
        monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)
    monkeypatch.setenv("QUERY_STRING", query)
    assert teacher_mode() is teacher
    for make in (lambda: setup_selector(draw=False), lambda: chapel_explorer(draw=False), dice_widget):
        widget = make()
        widget = getattr(widget, "box", widget)
        fields = seed_fields(widget)
        assert fields
        assert all((f.layout.display != "none") is teacher for f in fields)
